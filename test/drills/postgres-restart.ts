import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './harness/bot-process.js';
import {
  allAnswer,
  type Fleet,
  qrCodesScanned,
  startFleet,
  startQrCodes,
} from './harness/fleet.js';
import { type Cluster, startCluster } from './harness/postgres-cluster.js';
import {
  everyCommandAnswered,
  isErrorCard,
  ledgerTotals,
  sandboxTotals,
  sendBurst,
} from './harness/world.js';

// Drill: the database goes away in the middle of a burst of commands and live QR codes, on a
// cluster this test owns (never the machine's shared PostgreSQL), and comes back.
let cluster: Cluster | { skip: string };
let fleet: Fleet | undefined;

/** The drill, registered by the file that runs the drills one after another. */
export function drill(): void {
  describe('drill: PostgreSQL restarted under load', () => {
    beforeAll(async () => {
      cluster = await startCluster();
      if ('skip' in cluster) return;
      fleet = await startFleet({
        replicas: 2,
        databaseUrl: cluster.url,
        // QR codes turn "scanned" only well after the database is back: the watch must survive it.
        sandbox: { qrScanAfterMs: 30_000 },
        // A gateway answering in ~1.5 s: some paid calls are in flight when the database stops, so
        // their charges arrive while it is away.
        gatewayDelayMs: 1_500,
        env: { QR_POLL_INTERVAL_MS: '1000' },
      });
    }, 90_000);

    afterAll(async () => {
      await fleet?.stop('postgres-restart');
      if (cluster && !('skip' in cluster)) cluster.destroy();
    }, 60_000);

    it('goes unready and back, answers every command, loses no charge, and QR codes resume', async (ctx) => {
      if ('skip' in cluster || !fleet) {
        const why = 'skip' in cluster ? cluster.skip : 'not started';
        console.warn(`skipped PostgreSQL drill: ${why}`);
        ctx.skip(why);
        return;
      }
      const db = cluster;
      const { bots, double, sandbox } = fleet;
      await startQrCodes(fleet, { count: 3, users: 'UQR' });

      // A burst of 30 commands over ~12 s; the database stops 3 s in and is away for ~8 s.
      const burst = sendBurst(double, () => bots.map((b) => b.events), {
        count: 30,
        spacingMs: 400,
        users: 'UPG',
      });
      await new Promise((r) => setTimeout(r, 3_000));
      db.stop();
      const downAt = Date.now();
      await allAnswer(bots, '/readyz', 503, 15_000);
      // Still alive: liveness is not readiness.
      expect(await Promise.all(bots.map((b) => b.status('/healthz')))).toEqual([200, 200]);
      await new Promise((r) => setTimeout(r, Math.max(0, 8_000 - (Date.now() - downAt))));
      db.start();
      await allAnswer(bots, '/readyz', 200, 20_000);

      // Every command got an answer; where the store was needed and away, it says to try again.
      const sent = await burst;
      expect(sent.every((s) => s.ackStatus === 200)).toBe(true);
      const users = sent.map((s) => s.user);
      const answers = await everyCommandAnswered(double, sent, 60_000);
      const finals = users.map((u) => answers.get(u)!.at(-1)!);
      const failed = finals.filter(isErrorCard);
      for (const m of failed) expect(m.text).toMatch(/try again/i);
      expect(finals.length - failed.length).toBeGreaterThan(0);

      // QR codes resume: each status message reaches "scanned" once the sandbox says so (a session
      // whose lease could not be handed back while the database was away waits for that lease to
      // lapse, 5 s; before the heartbeat renewed only the rows in hand, it could wait for ever).
      await qrCodesScanned(fleet, 3, 110_000);

      // No charge the gateway reported is missing, and none is counted twice.
      const want = sandboxTotals(sandbox.ledger());
      await until(
        'ledger equals the sandbox',
        async () => JSON.stringify(await ledgerTotals(db.url)) === JSON.stringify(want),
        20_000,
        500,
      ).catch(() => {}); // the assertion below shows the difference
      expect(await ledgerTotals(db.url)).toEqual(want);
      const journaled = bots
        .flatMap((b) => b.logs)
        .filter((l) => l.msg === 'ledger unavailable; charge journaled').length;
      console.info(
        `PostgreSQL drill: ${failed.length}/${finals.length} commands told to try again; ${journaled} charges journaled and replayed; ledger ${want.charged} points charged = sandbox`,
      );
    }, 240_000);
  });
}
