import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../src/gateway/operations/index.js';
import { DEFAULT_CHARGES } from '../../src/sandbox/charges.js';
import { FAULT_KINDS } from '../../src/sandbox/index.js';
import { freshSchema } from '../fakes/fresh-schema.js';
import { until } from './harness/bot-process.js';
import { type Fleet, startFleet } from './harness/fleet.js';
import {
  everyCommandAnswered,
  isErrorCard,
  ledgerTotals,
  maybeChargedEntries,
  sandboxTotals,
  sendBurst,
} from './harness/world.js';

// Drill: the gateway misbehaves on 30 % of requests (codes 101 and 202, HTTP 502, connection
// resets, malformed JSON, 10-second stalls) while three replicas answer a steady stream of
// mixed commands. A paid call whose fault may have reached the gateway (HTTP 502, reset,
// malformed JSON, stall) is not sent again: it is answered with an error and recorded as "maybe
// charged" with 0 points. Codes 101 and 202, and free calls, are retried. Commands keep coming for 2 minutes, as the issue
// asks; DRILL_GATEWAY_MS shortens that while working on the drill (e.g. 40000).
const RUN_MS = Number(process.env.DRILL_GATEWAY_MS ?? 120_000);
const SPACING_MS = 700;
let db: Awaited<ReturnType<typeof freshSchema>> | undefined;
let fleet: Fleet | undefined;

/** The drill, registered by the file that runs the drills one after another. */
export function drill(): void {
  describe('drill: a faulty gateway under three replicas', () => {
    beforeAll(async () => {
      db = await freshSchema('qd_drill_gw');
      fleet = await startFleet({
        replicas: 3,
        databaseUrl: db.url,
        sandbox: { faults: { rate: 0.3, stallMs: 10_000 } },
      });
    }, 90_000);

    afterAll(async () => {
      await fleet?.stop('gateway-faults');
      await db?.drop();
    }, 60_000);

    it(
      'answers every command and records exactly what the gateway charged',
      async () => {
        const { bots, double, sandbox } = fleet!;
        const url = db!.url;
        const sent = await sendBurst(double, () => bots.map((b) => b.events), {
          count: Math.max(10, Math.floor(RUN_MS / SPACING_MS)),
          spacingMs: SPACING_MS,
          users: 'UGW',
        });
        expect(sent.filter((s) => s.ackStatus !== 200)).toEqual([]);

        // Three attempts at most (one for a paid call that may have been served), a stall costs
        // 10 s each: every answer is in well within a minute.
        const users = sent.map((s) => s.user);
        const answers = await everyCommandAnswered(double, sent, 60_000);
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
          async () => JSON.stringify(await ledgerTotals(url)) === JSON.stringify(want),
          15_000,
          500,
        ).catch(() => {}); // the assertion below shows the difference
        expect(await ledgerTotals(url)).toEqual(want);

        // Paid calls the faults cut after sending are flagged and never retried, each held at its
        // operation's price (0 while none was known): each is one of the commands answered with an
        // error.
        const maybe = await maybeChargedEntries(url);
        expect(maybe.length).toBeGreaterThan(0);
        const price = (op: string) => DEFAULT_CHARGES[op as keyof typeof DEFAULT_CHARGES];
        expect(maybe.filter((m) => m.points !== 0 && m.points !== price(m.operation))).toEqual([]);
        expect(
          maybe.filter((m) => !operations[m.operation as keyof typeof operations]?.paid),
        ).toEqual([]);
        expect(maybe.length).toBeLessThanOrEqual(failed.length);
        console.info(
          `gateway drill: ${sent.length} commands over ${RUN_MS / 1000} s on 3 replicas, ${requests} gateway requests, faults ${JSON.stringify(faults)}; ${failed.length} answered with an error, ${maybe.length} of them maybe charged; ${want.charged} points charged = ledger`,
        );
      },
      RUN_MS + 150_000,
    );
  });
}
