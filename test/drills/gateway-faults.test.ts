import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_KINDS, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { type BotProcess, spawnBot, until } from './harness/bot-process.js';
import { builtMain } from './harness/build.js';
import { freshSchema } from './harness/schema.js';
import {
  answersTo,
  botEnv,
  CHANNEL,
  isErrorCard,
  ledgerTotals,
  sandboxTotals,
  sendBurst,
} from './harness/world.js';

// Drill: the gateway misbehaves on 30 % of requests (codes 101 and 202, HTTP 502, connection
// resets, malformed JSON, 10-second stalls) while three replicas answer a steady stream of
// mixed commands. DRILL_GATEWAY_MS sets how long commands keep coming (default 40 s; the issue
// asks for 2 minutes, which is DRILL_GATEWAY_MS=120000).
const RUN_MS = Number(process.env.DRILL_GATEWAY_MS ?? 40_000);
const SPACING_MS = 700;
let db: Awaited<ReturnType<typeof freshSchema>>;
let sandbox: Sandbox;
let double: SlackDouble;
const bots: BotProcess[] = [];

beforeAll(async () => {
  const main = await builtMain();
  db = await freshSchema('qd_drill_gw');
  sandbox = await startSandbox({ faults: { rate: 0.3, stallMs: 10_000 } });
  double = await startSlackDouble();
  double.addChannel({ id: CHANNEL, name: 'drill' });
  const env = botEnv(double, sandbox.url, { DATABASE_URL: db.url });
  // One at a time: the first runs the migrations the others find done.
  for (const name of ['replica-1', 'replica-2', 'replica-3']) {
    bots.push(await spawnBot(main, name, env));
  }
}, 90_000);

afterAll(async () => {
  await Promise.all(bots.map((b) => b.stop()));
  for (const b of bots) b.saveLogs(`gateway-faults-${b.name}`);
  await double?.close();
  await sandbox?.close();
  await db?.drop();
}, 60_000);

describe('drill: a faulty gateway under three replicas', () => {
  it(
    'answers every command and records exactly what the gateway charged',
    async () => {
      const sent = await sendBurst(double, () => bots.map((b) => b.events), {
        count: Math.max(10, Math.floor(RUN_MS / SPACING_MS)),
        spacingMs: SPACING_MS,
        users: 'UGW',
      });
      expect(sent.filter((s) => s.ackStatus !== 200)).toEqual([]);

      // Three attempts at most, a stall costs 10 s each: every answer is in well within a minute.
      const users = sent.map((s) => s.user);
      await until(
        'every command answered',
        () => [...answersTo(double, users).values()].every((a) => a.length > 0),
        60_000,
      ).catch((err: Error) => {
        const missing = [...answersTo(double, users)].filter(([, a]) => a.length === 0);
        throw new Error(`${err.message}; unanswered: ${missing.map(([u]) => u).join(', ')}`);
      });
      const answers = answersTo(double, users);
      // One answer per command: a retried call never answers twice.
      expect([...answers.values()].filter((a) => a.length !== 1)).toEqual([]);
      const finals = users.map((u) => answers.get(u)![0]!);
      const failed = finals.filter(isErrorCard);
      // A failure is shown with its meaning and what to do, never as a stack trace.
      for (const m of failed) {
        expect(m.text).toMatch(/try again|correct|check/i);
        expect(m.text).not.toMatch(/\n\s+at /);
      }
      expect(finals.length - failed.length).toBeGreaterThan(finals.length / 2);

      // Every kind of fault happened, and none was charged.
      const faults = sandbox.faults();
      for (const kind of FAULT_KINDS) expect(faults[kind], kind).toBeGreaterThan(0);
      const injected = Object.values(faults).reduce((a, b) => a + b, 0);
      const requests = sandbox.requests().length + injected;
      expect(injected / requests).toBeCloseTo(0.3, 1);

      // The ledger equals the sandbox's own record, operation by operation.
      const want = sandboxTotals(sandbox.ledger());
      expect(want.charged).toBeGreaterThan(0);
      await until(
        'ledger equals the sandbox',
        async () => JSON.stringify(await ledgerTotals(db.url)) === JSON.stringify(want),
        15_000,
        500,
      ).catch(() => {}); // the assertion below shows the difference
      expect(await ledgerTotals(db.url)).toEqual(want);
      console.info(
        `gateway drill: ${sent.length} commands over ${RUN_MS / 1000} s on 3 replicas, ${requests} gateway requests, faults ${JSON.stringify(faults)}; ${failed.length} answered with an error; ${want.charged} points charged = ledger`,
      );
    },
    RUN_MS + 150_000,
  );
});
