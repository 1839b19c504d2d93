import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES as X } from '../../src/sandbox/index.js';
import { freshSchema } from '../fakes/fresh-schema.js';
import { batchMessages, csvIn, orderPosts, shopCalls, subscribe } from '../subscriptions/world.js';
import { until } from './harness/bot-process.js';
import { type Fleet, startFleet } from './harness/fleet.js';
import { CHANNEL } from './harness/world.js';

// Drill: the replica polling a channel subscription is killed with SIGKILL while its poll's
// gateway call is in flight. The other replica takes the subscription over within one lease
// (15 s) and polls the same window again: every new order is posted once, none is missed.
const SHOP = X.shopOrders.ownerId;
let db: Awaited<ReturnType<typeof freshSchema>> | undefined;
let fleet: Fleet | undefined;

/** The pid in the worker id of whoever holds the subscription's lease now, if anyone. */
async function leaseHolderPid(client: pg.Client): Promise<number | undefined> {
  const { rows } = await client.query<{ lease_owner: string | null }>(
    'select lease_owner from subscriptions where state = $1',
    ['active'],
  );
  const owner = rows[0]?.lease_owner;
  const pid = owner?.split(':')[1];
  return pid ? Number(pid) : undefined;
}

/** The drill, registered by the file that runs the drills one after another. */
export function drill(): void {
  describe('a channel subscription whose replica is killed mid-poll', () => {
    beforeAll(async () => {
      db = await freshSchema('qd_drill_subs');
      fleet = await startFleet({
        replicas: 2,
        databaseUrl: db.url,
        gatewayDelayMs: 700,
        env: { SUBSCRIPTION_MIN_INTERVAL_MS: '1000' },
      });
    }, 90_000);

    afterAll(async () => {
      await fleet?.stop('subscription-kill');
      await db?.drop();
    }, 60_000);

    it('is taken over within one lease: nothing posted twice, nothing missed', async () => {
      const f = fleet!;
      const h = { double: f.double, events: f.bots[0]!.events };
      await subscribe(h, `${SHOP} every=1s`, 'U0DRILLSUB', CHANNEL);
      f.sandbox.addShopOrders(SHOP, 3);
      await until('three orders posted', () => orderPosts(f.double, CHANNEL).length === 3, 20_000);

      f.sandbox.addShopOrders(SHOP, 2);
      const client = new pg.Client({ connectionString: db!.url });
      await client.connect();
      let killedAt = 0;
      try {
        // A poll holds the lease and its call waits at the slow link: kill that replica then.
        await until(
          'a poll in flight',
          async () => {
            const pid = await leaseHolderPid(client);
            const victim = f.bots.find((b) => b.child.pid === pid);
            if (!victim || (f.link?.held().length ?? 0) === 0) return false;
            victim.child.kill('SIGKILL');
            killedAt = Date.now();
            await victim.exited;
            return true;
          },
          20_000,
          20,
        );
      } finally {
        await client.end();
      }

      await until('five orders posted', () => orderPosts(f.double, CHANNEL).length >= 5, 40_000);
      // Taken over within one lease (15 s) plus a poll through the slow link.
      expect(Date.now() - killedAt).toBeLessThan(25_000);
      f.sandbox.addShopOrders(SHOP, 7);
      await until('the batch', () => batchMessages(f.double, CHANNEL).length === 1, 20_000);
      const rows = await csvIn(f.double, batchMessages(f.double, CHANNEL)[0]!.ts, CHANNEL);
      expect(rows).toHaveLength(8);

      const posted = orderPosts(f.double, CHANNEL);
      expect(posted).toHaveLength(5);
      expect(new Set(posted).size).toBe(5);
      expect(rows.slice(1).filter((r) => posted.includes(r[0]!))).toEqual([]);
      expect(shopCalls(f.sandbox).every((r) => r.code === 0)).toBe(true);
    }, 120_000);
  });
}
