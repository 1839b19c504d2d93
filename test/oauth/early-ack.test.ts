import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES as X } from '../../src/sandbox/index.js';
import type { AckResult } from '../../src/slack-double/index.js';
import { TEST_POSTGRES_URL } from '../fakes/databases.js';
import { freshSchema } from '../fakes/fresh-schema.js';
import { type OAuthBot, startOAuthBot } from './harness.js';

let h: OAuthBot | undefined;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await h?.stop();
  h = undefined;
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The ack, or 'waiting' when none came within `ms`. */
function within(ack: Promise<AckResult>, ms: number): Promise<AckResult | 'waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'waiting'>((r) => {
    timer = setTimeout(() => r('waiting'), ms);
  });
  return Promise.race([ack, late]).finally(() => clearTimeout(timer));
}

describe('many-workspace mode acks before it reads the installation', () => {
  it('acks a lookup and a Home opening while the installations table cannot be read, then runs both', async () => {
    const { schema, url, drop } = await freshSchema('qd_early');
    cleanups.push(drop);
    h = await startOAuthBot({ DATABASE_URL: url });
    expect(await h.install({ teamId: 'TA', botToken: 'xoxb-team-a' })).toBe(200);

    // Another session holds the table: Bolt's authorize (the installation read) waits for it.
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    cleanups.push(() => admin.end());
    await admin.query('begin');
    await admin.query(`lock table ${schema}.installations in access exclusive mode`);

    const homes = () => h!.double.callsTo('views.publish').length;
    const text = `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum} type=platform`;
    const command = within(
      h.double.sendCommand(h.events, { command: '/payorder', text, team: 'TA', user: 'UA1' }),
      5_000,
    );
    const home = within(
      h.double.sendEvent(h.events, { type: 'app_home_opened', user: 'UA1', tab: 'home' }, 'TA'),
      5_000,
    );
    const acks = await Promise.all([command, home]);
    // Nothing ran yet: the table is still held.
    const answered = h.double
      .messages()
      .filter((m) => m.text.includes(X.payOrder.paid.orderNumber));
    const homesWhileHeld = homes();
    await admin.query('rollback');

    expect(acks.map((a) => (a === 'waiting' ? a : a.status))).toEqual([200, 200]);
    expect(answered).toEqual([]);
    expect(homesWhileHeld).toBe(0);
    // Released: Bolt authorizes both and their listeners run.
    await h.double.waitFor(
      () => h!.double.messages().find((m) => m.text.includes(X.payOrder.paid.orderNumber)),
      10_000,
    );
    await h.double.waitFor(() => homes() === 1, 10_000);
  });
});
