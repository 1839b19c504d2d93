import { afterEach, describe, expect, it } from 'vitest';
import { qrDb } from '../../src/qr/session-row.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import type { StoreDialect } from '../../src/store/database.js';
import type { Store } from '../../src/store/open-store.js';
import type { BotProcess } from '../fakes/bot-process.js';
import { startCheckLog } from '../fakes/check-log.js';
import { freshDatabase, type TestDatabase } from '../fakes/databases.js';
import { searchPathUrl } from '../fakes/fresh-schema.js';
import { spawnSourceBot } from '../fakes/source-bot.js';
import { eventually } from './harness.js';

const CODES = 50;
/** The promise: after kill -9, every live code is checked again within 10 s of ready. */
const TAKEOVER_MS = 10_000;
const WORDS = { '1': 'not scanned', '2': 'scanned', '3': 'expired' } as const;

const closers: (() => Promise<unknown>)[] = [];
const bots: BotProcess[] = [];
async function tearDown(ctx: { task: { result?: { state: string } } }) {
  if (ctx.task.result?.state === 'fail') {
    for (const b of bots) process.stderr.write(`--- bot ${b.pid}\n${b.output().slice(-4000)}\n`);
  }
  await Promise.all(bots.map((b) => b.kill9()));
  bots.length = 0;
  for (const close of closers.reverse()) await close().catch(() => undefined);
  closers.length = 0;
}

/** A DATABASE_URL a separate process can use: the SQLite file, or PostgreSQL in this test's schema. */
function urlFor(database: TestDatabase): string {
  return database.schema ? searchPathUrl(database.schema) : database.url;
}

async function setUp(dialect: StoreDialect) {
  const sandbox: Sandbox = await startSandbox({
    rateLimitPerSecond: 1000,
    qrExpireAfterMs: 3_600_000,
  });
  closers.push(() => sandbox.close());
  // Every status answer takes 800 ms, so a kill always finds checks in flight.
  const checkLog = await startCheckLog(sandbox.url, { statusDelayMs: 800 });
  closers.push(() => checkLog.close());
  const double: SlackDouble = await startSlackDouble();
  closers.push(() => double.close());
  const database = await freshDatabase(dialect);
  closers.push(() => database.dispose());
  const store: Store = await database.open();
  const env = {
    SLACK_BOT_TOKEN: double.botToken,
    SLACK_SIGNING_SECRET: double.signingSecret,
    SLACK_API_URL: double.apiUrl,
    GATEWAY_BASE_URL: checkLog.url,
    DATABASE_URL: urlFor(database),
    // 50 codes every 6 s stay under one process's 10 status checks/s.
    QR_POLL_INTERVAL_MS: '6000',
    LOG_LEVEL: 'warn',
  };
  // Each process its own gateway token, so the check log tells which process made a check.
  const spawn = async () => {
    const token = `gw-process-${bots.length}`;
    const bot = await spawnSourceBot({ ...env, GATEWAY_TOKEN: token });
    bots.push(bot);
    return { bot, token };
  };
  return { sandbox, checkLog, double, store, spawn };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

/** Leases each process holds now, by pid (worker ids are hostname:pid:random). */
async function leasesByPid(store: Store, pids: number[]): Promise<Map<number, number>> {
  const rows = await store.db
    .selectFrom('qr_sessions')
    .select('lease_owner')
    .where('lease_until', '>', Date.now())
    .execute();
  const counts = new Map(pids.map((p) => [p, 0]));
  for (const r of rows) {
    const pid = Number(r.lease_owner?.split(':').at(-2));
    if (counts.has(pid)) counts.set(pid, (counts.get(pid) ?? 0) + 1);
  }
  return counts;
}

async function fiftyLiveCodes(s: Setup, procs: BotProcess[]): Promise<string[]> {
  await Promise.all(
    Array.from({ length: CODES }, (_, i) =>
      s.double.sendCommand(procs[i % procs.length]!.events, {
        command: '/qr',
        text: `acct${i}`,
        user: `U0QR${i}`,
      }),
    ),
  );
  await eventually(
    () =>
      s.double.messages().filter((m) => m.text.startsWith('QR login for acct')).length === CODES,
    20_000,
    'every status message posted',
  );
  return s.sandbox.sessions().map((x) => x.sessionId);
}

/**
 * The takeover cases of one store. Each store's cases are a file of their own
 * (takeover-sqlite.test.ts, takeover-postgres.test.ts) so that two workers run them side by side:
 * most of their time is waiting on the 6-s check schedule.
 */
export function killInFiftyLiveCodes(dialect: StoreDialect): void {
  describe(`kill -9 in the middle of 50 live QR codes (${dialect})`, () => {
    afterEach(tearDown);
    it.each([1, 3])(
      'with %i process(es): every live code is checked again within 10 s of ready; final states and refunds once',
      async (count) => {
        const s = await setUp(dialect);
        const started = await Promise.all(Array.from({ length: count }, () => s.spawn()));
        const procs = started.map((p) => p.bot);
        const ids = await fiftyLiveCodes(s, procs);
        await eventually(
          () => s.checkLog.spans().length >= CODES,
          20_000,
          'a first round of checks',
        );
        // Some codes change state just before the kill: their answers may die with the process.
        for (const id of ids.slice(0, 10)) s.sandbox.simulateExpire(id);
        for (const id of ids.slice(10, 20)) s.sandbox.simulateScan(id);

        // The victim: the process holding the most leases, once it holds some.
        const victim = await eventually(
          async () => {
            const held = await leasesByPid(
              s.store,
              procs.map((p) => p.pid),
            );
            const [pid, n] = [...held.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
            return n >= 2 && procs.find((p) => p.pid === pid);
          },
          15_000,
          'a process holding leases',
        );
        const victimToken = started.find((p) => p.bot === victim)?.token;
        await victim.kill9();
        const killedAt = Date.now();
        const live = await s.store.db
          .selectFrom('qr_sessions')
          .select('session_id')
          .where('watch_state', '=', 'watching')
          .execute();
        const held = (await leasesByPid(s.store, [victim.pid])).get(victim.pid) ?? 0;
        const readyAt =
          count === 1 ? performance.timeOrigin + (await s.spawn()).bot.readyAt : killedAt;

        // Every code live at the kill is checked by a living process (the victim writes nothing
        // more), soon after the survivors or the restarted process are ready.
        const liveIds = live.map((r) => r.session_id);
        const lastChecks = async () =>
          (
            await qrDb(s.store.db)
              .selectFrom('qr_sessions')
              .select(['session_id', 'last_checked_at'])
              .where('session_id', 'in', liveIds)
              .execute()
          ).map((r) => Number(r.last_checked_at ?? 0));
        const rechecked = await eventually(
          async () => {
            const at = await lastChecks();
            return at.every((t) => t >= killedAt) && at;
          },
          30_000,
          'every live code checked again',
        );
        const slowest = Math.max(...rechecked) - readyAt;

        // The codes that changed just before the kill show it in Slack soon after (the issue's
        // 3-replica figure: within 15 s).
        const shows = (x: { sessionId: string; mediaMark: string; status: '1' | '2' | '3' }) =>
          s.double
            .messages()
            .find((msg) => msg.text.includes(x.sessionId))
            ?.text.startsWith(`QR login for ${x.mediaMark}: ${WORDS[x.status]} `);
        const changed = s.sandbox.sessions().filter((x) => ids.slice(0, 20).includes(x.sessionId));
        await eventually(() => changed.every(shows), 30_000, 'changed codes shown');
        const shownAfterMs = Date.now() - readyAt;

        // Then everything ends: the rest expire, and every message shows its final state.
        for (const id of ids.slice(20)) s.sandbox.simulateExpire(id);
        await eventually(
          () => s.sandbox.sessions().every(shows),
          30_000,
          'every message shows its final state',
        );

        expect(live.length).toBeGreaterThan(0);
        expect(held).toBeGreaterThan(0);
        expect(slowest).toBeLessThanOrEqual(TAKEOVER_MS);
        expect(shownAfterMs).toBeLessThanOrEqual(15_000);
        const spans = s.checkLog.spans();
        // Takeover: codes the victim held were checked again by another process.
        expect(spans.some((x) => x.token === victimToken)).toBe(true);
        for (const id of ids) {
          const mine = spans.filter((x) => x.sessionId === id).sort((x, y) => x.start - y.start);
          for (let i = 1; i < mine.length; i++) {
            expect(mine[i]!.start).toBeGreaterThanOrEqual(mine[i - 1]!.end);
          }
        }
        const refunds = await s.store.db
          .selectFrom('ledger_entries')
          .select(['qr_session_id', 'points'])
          .where('kind', '=', 'refund')
          .execute();
        const expired = s.sandbox
          .sessions()
          .filter((x) => x.status === '3')
          .map((x) => x.sessionId);
        expect(refunds.map((r) => r.qr_session_id).sort()).toEqual([...expired].sort());
        expect(refunds.reduce((n, r) => n + r.points, 0)).toBe(s.sandbox.ledger().refunded);
      },
      90_000,
    );
  });
}
