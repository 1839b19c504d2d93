import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { eventually } from '../fakes/eventually.js';
import { startGatewayProxy } from '../fakes/gateway-proxy.js';
import { type Cluster, startCluster } from './harness/postgres-cluster.js';

// PostgreSQL (a throwaway cluster on its own port, never the shared one) stops while a paid
// /account is at the gateway: the person still gets the answer they paid for, and the charge and
// its audit row reach the store once it is back.
const X = SANDBOX_EXAMPLES;
const journalDir = mkdtempSync(join(tmpdir(), 'qd-store-down-journal-'));
let cluster: Cluster | { skip: string };
let sandbox: Sandbox | undefined;
let proxy: Awaited<ReturnType<typeof startGatewayProxy>> | undefined;
let h: BotHarness | undefined;

const journaled = () =>
  readdirSync(journalDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.jsonl'),
  );

/** The drill, registered by the file that runs the drills one after another. */
export function drill(): void {
  describe('the store goes away while a paid /account is at the gateway', () => {
    beforeAll(async () => {
      cluster = await startCluster();
      if ('skip' in cluster) return;
      sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
      proxy = await startGatewayProxy(sandbox.url);
      h = await startBot({
        DATABASE_URL: cluster.url,
        JOURNAL_DIR: journalDir,
        GATEWAY_BASE_URL: proxy.url,
        GATEWAY_TOKEN: X.token,
      });
    }, 90_000);

    afterAll(async () => {
      await h?.stop();
      await proxy?.close();
      await sandbox?.close();
      if (cluster && !('skip' in cluster)) cluster.destroy();
      rmSync(journalDir, { recursive: true, force: true });
    }, 60_000);

    it('shows the answer, and the ledger and the audit have the charge once when the store is back', async (ctx) => {
      if ('skip' in cluster || !h || !proxy || !sandbox) {
        const why = 'skip' in cluster ? cluster.skip : 'not started';
        console.warn(`skipped store-down drill: ${why}`);
        ctx.skip(why);
        return;
      }
      const db = cluster;
      const bot = h;
      const user = 'U0STOREDOWN';
      const answers = () => bot.double.messages().filter((m) => m.visibleTo === user);
      const held = proxy.hold();
      await bot.double.sendCommand(bot.events, {
        command: '/account',
        text: X.account.mediaMark,
        user,
      });
      // The gateway has served and charged it; its answer is held while the store stops.
      await eventually(() => sandbox!.ledger().byOperation.accountData.charged > 0, 10_000);
      db.stop();
      held.release();

      const answer = await bot.double.waitFor(() => answers()[0], 15_000);
      expect(answer.text).not.toMatch(/went wrong|try again/i);
      expect(JSON.stringify(answer.blocks)).toContain('Last 7 days');
      const charged = sandbox.ledger().byOperation.accountData.charged;
      expect(charged).toBeGreaterThan(0);
      // The charge waits in JOURNAL_DIR while the store is away.
      expect(journaled().length).toBeGreaterThan(0);

      db.start();

      const entries = await eventually(
        async () => {
          const rows = await bot.bot.deps.store.db
            .selectFrom('ledger_entries')
            .selectAll()
            .where('operation', '=', 'accountData')
            .execute()
            .catch(() => []);
          return rows.length > 0 ? rows : undefined;
        },
        30_000,
        'the charge replayed into the ledger',
      );
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ kind: 'charge', points: charged, user_id: user });
      const audit = await eventually(
        async () => {
          const rows = await bot.bot.deps.audit
            .list({ workspaceId: bot.double.teamId, since: new Date(0) })
            .catch(() => []);
          return rows.some((r) => r.operation === 'accountData') ? rows : undefined;
        },
        30_000,
        'the audit caught up',
      );
      const rows = audit.filter((r) => r.operation === 'accountData');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        userId: user,
        points: charged,
        requestId: entries[0]!.request_id,
      });
    }, 120_000);
  });
}
