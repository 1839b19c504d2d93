import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES as X } from '../../src/sandbox/index.js';
import { freshSchema } from '../fakes/fresh-schema.js';
import { until } from './harness/bot-process.js';
import {
  type Fleet,
  qrCodesScanned,
  qrStatusMessages,
  startFleet,
  startQrCodes,
} from './harness/fleet.js';
import { answersTo, CHANNEL } from './harness/world.js';

// Drill: Slack's Web API answers 429 (Retry-After) and 503 to every call for 15 s, while live QR
// codes change state and people keep typing commands.
const OUTAGE_MS = 15_000;
let db: Awaited<ReturnType<typeof freshSchema>> | undefined;
let fleet: Fleet | undefined;

/** The drill, registered by the file that runs the drills one after another. */
export function drill(): void {
  describe('drill: Slack Web API rate limiting and failing for a while', () => {
    beforeAll(async () => {
      db = await freshSchema('qd_drill_slack');
      fleet = await startFleet({
        replicas: 2,
        databaseUrl: db.url,
        // Scanned 6 s after creation: inside the outage, so the edit saying so is owed until it ends.
        sandbox: { qrScanAfterMs: 6_000 },
        env: { QR_POLL_INTERVAL_MS: '1000' },
      });
    }, 90_000);

    afterAll(async () => {
      await fleet?.stop('slack-outage');
      await db?.drop();
    }, 60_000);

    it('delays the QR edits without losing or doubling them, and keeps answering meanwhile', async () => {
      const f = fleet!;
      const { bots, double } = f;
      await startQrCodes(f, { count: 3, users: 'USQ' });

      double.outage({ ms: OUTAGE_MS, retryAfter: 2 });
      const outageEnds = Date.now() + OUTAGE_MS;

      // Meanwhile: commands keep being answered (their answers go through response_url), and
      // both processes answer health checks promptly — nothing waits on Slack's Retry-After.
      const users: string[] = [];
      let slowestHealthMs = 0;
      for (let i = 0; i < 10; i++) {
        const user = `USC${i}`;
        users.push(user);
        await double.sendCommand(bots[i % 2]!.events, {
          command: '/payorder',
          text: `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`,
          user,
          channel: CHANNEL,
        });
        for (const b of bots) {
          const t0 = Date.now();
          expect(await b.status('/healthz')).toBe(200);
          slowestHealthMs = Math.max(slowestHealthMs, Date.now() - t0);
        }
        await new Promise((r) => setTimeout(r, 800));
      }
      await until(
        'every command answered',
        () => [...answersTo(double, users).values()].every((a) => a.length === 1),
        10_000,
      );
      expect(Date.now()).toBeLessThan(outageEnds);
      // Still within the outage, the scan is known but not yet shown.
      const scanned = (m: { text: string }) => /: scanned/.test(m.text);
      expect(qrStatusMessages(double).filter(scanned)).toHaveLength(0);

      // Once it is over, each status message is edited to "scanned": late, not lost.
      await qrCodesScanned(f, 3, 45_000);
      // Slack did refuse those edits while it was out, both ways.
      const refused = double.callsTo('chat.update').map((c) => c.error);
      expect(refused).toContain('ratelimited');
      expect(refused).toContain('service_unavailable');
      // Never doubled: still one status message and one image per QR code.
      expect(qrStatusMessages(double)).toHaveLength(3);
      expect(double.files().filter((file) => file.completed)).toHaveLength(3);
      console.info(
        `Slack outage drill: ${refused.filter(Boolean).length} chat.update calls refused (${[...new Set(refused.filter(Boolean))].join(', ')}); slowest /healthz ${slowestHealthMs} ms during the outage`,
      );
    }, 150_000);
  });
}
