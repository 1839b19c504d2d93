import { startBotOnDouble } from './bot-on-double.js';
import { seededRandom } from './random.js';
import type { BenchResult } from './report.js';
import { percentile, round, windowMax } from './stats.js';

export interface QrDetectionOptions {
  /** Codes scanned, each at a random moment of its first minute. Default 10. */
  scanned?: number;
  /** Codes left unscanned meanwhile (they load the same limiter). Default 20. */
  unscanned?: number;
  /** Scans fall in [0, this) after the code's creation. Default 60 s. */
  scanWithinMs?: number;
  seed?: number;
}

/**
 * What a new user sees, on the bot's default schedule: `/qr` codes through the whole app, some
 * scanned at random moments of their first minute (the sandbox is told at that moment), the rest
 * left alone; for each scan, the time until its status message says "scanned" in Slack.
 */
export async function qrDetectionBench(options: QrDetectionOptions = {}): Promise<BenchResult> {
  const scanned = options.scanned ?? 10;
  const unscanned = options.unscanned ?? 20;
  const within = options.scanWithinMs ?? 60_000;
  const random = seededRandom(options.seed ?? 12);
  const h = await startBotOnDouble();
  const sandbox = h.bot.sandbox;
  if (!sandbox) throw new Error('qr detection bench needs the embedded sandbox');
  const timers: NodeJS.Timeout[] = [];
  try {
    const total = scanned + unscanned;
    await Promise.all(
      Array.from({ length: total }, (_, i) =>
        h.double.sendCommand(h.events, { command: '/qr', text: `detect${i}`, user: `U0QD${i}` }),
      ),
    );
    const sessions = await h.double.waitFor(() => {
      const all = sandbox.sessions();
      return all.length === total && all;
    }, 30_000);
    const scans = new Map<string, { at?: number; seen?: number; mark: string }>();
    for (const s of sessions.slice(0, scanned)) {
      const entry: { at?: number; seen?: number; mark: string } = { mark: s.mediaMark };
      scans.set(s.sessionId, entry);
      const delay = s.createdAt + random() * within - Date.now();
      timers.push(
        setTimeout(
          () => {
            entry.at = Date.now();
            sandbox.simulateScan(s.sessionId);
          },
          Math.max(0, delay),
        ),
      );
    }
    const look = () => {
      for (const m of h.double.messages()) {
        for (const [id, e] of scans) {
          if (e.seen === undefined && e.at !== undefined && m.text.includes(id)) {
            if (m.text.startsWith(`QR login for ${e.mark}: scanned`)) e.seen = Date.now();
          }
        }
      }
      return [...scans.values()].every((e) => e.seen !== undefined);
    };
    const stop = h.double.on('change', look);
    try {
      await h.double.waitFor(look, within + 30_000);
    } finally {
      stop();
    }
    const waits = [...scans.values()].map((e) => (e.seen ?? Number.NaN) - (e.at ?? Number.NaN));
    const statusArrivals = sandbox
      .requests()
      .filter((r) => r.op === 'qrStatus')
      .map((r) => r.at);
    const median = percentile(waits, 0.5);
    const p90 = percentile(waits, 0.9);
    return {
      name: `qr: scan to "scanned" in Slack, ${scanned} codes scanned at random in their first minute (+${unscanned} unscanned), default schedule`,
      figures: {
        medianMs: round(median),
        p90Ms: round(p90),
        maxMs: round(Math.max(...waits)),
        statusChecks: statusArrivals.length,
        statusChecksMaxIn1s: windowMax(statusArrivals, 1000),
      },
      target: 'median ≤ 3000 ms, p90 ≤ 5000 ms',
      met: median <= 3000 && p90 <= 5000,
    };
  } finally {
    for (const t of timers) clearTimeout(t);
    await h.stop();
  }
}
