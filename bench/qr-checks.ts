import { readConfig } from '../src/config.js';
import { GATEWAY_RATE_PER_SECOND } from '../src/gateway/limiter.js';
import { maxChecksWithin, qrCheckStats, qrSchedule } from '../src/qr/index.js';
import { startBotOnDouble } from './bot-on-double.js';
import { qrCheckDistribution } from './qr-distribution.js';
import { seededRandom } from './random.js';
import type { BenchResult } from './report.js';
import { percentile, round, windowMax } from './stats.js';

export interface QrChecksOptions {
  /** Simulated sessions under the default schedule. Default 1000. */
  simulated?: number;
  /** Live sessions through the app. Default 20. */
  live?: number;
  /** QR_POLL_INTERVAL_MS of the live run. Default 1000. */
  livePollMs?: number;
  /** The sandbox marks each live session scanned this long after creating it. Default 8000. */
  scanAfterMs?: number;
  /** Give up waiting for the live sessions after this. Default 60 s. */
  waitMs?: number;
}

/** Benchmark 3, pure half: the default schedule (dense first minute, then ×growth to the cap) over the default watch time (10 minutes). */
export function qrScheduleBench(simulated = 1000): BenchResult {
  const { qr } = readConfig({});
  const schedule = qrSchedule(qr.pollIntervalMs);
  const d = qrCheckDistribution(schedule, qr.watchTimeoutMs, simulated, seededRandom(42));
  return {
    name: `qr: checks per session in ${qr.watchTimeoutMs / 60_000} min, default schedule (${simulated} simulated sessions)`,
    figures: {
      firstGapMs: schedule.firstMs,
      denseMs: schedule.denseMs,
      growth: schedule.growth,
      capMs: schedule.capMs,
      jitter: schedule.jitter,
      boundMaxChecks: d.bound,
      minChecks: d.min,
      medianChecks: d.median,
      maxChecks: d.max,
      meanChecks: round(d.mean),
    },
    target: `no session above the schedule's bound (${d.bound} checks)`,
    met: d.max <= d.bound,
  };
}

/**
 * Benchmark 3, live half: `/qr` commands through the whole app against the sandbox, which marks
 * each code scanned after `scanAfterMs`; checks per session are read back from the store.
 */
export async function qrLiveBench(options: QrChecksOptions = {}): Promise<BenchResult> {
  const sessions = options.live ?? 20;
  const pollMs = options.livePollMs ?? 1000;
  const scanAfterMs = options.scanAfterMs ?? 8000;
  const waitMs = options.waitMs ?? 60_000;
  const h = await startBotOnDouble(
    { QR_POLL_INTERVAL_MS: String(pollMs) },
    { sandbox: { qrScanAfterMs: scanAfterMs } },
  );
  try {
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: sessions }, (_, i) =>
        h.double.sendCommand(h.events, { command: '/qr', text: `benchacct${i}`, user: `U0QR${i}` }),
      ),
    );
    const deadline = t0 + waitMs;
    let stats = await qrCheckStats(h.bot.deps.store);
    while (
      performance.now() < deadline &&
      (stats.length < sessions || stats.some((s) => s.watchState === 'watching'))
    ) {
      await new Promise((r) => setTimeout(r, 200));
      stats = await qrCheckStats(h.bot.deps.store);
    }
    const elapsedMs = performance.now() - t0;
    const checks = stats.map((s) => s.checksMade);
    // Checks before the scan, plus the one that sees it; the limiter can only make checks later.
    const bound = maxChecksWithin(qrSchedule(pollMs), scanAfterMs) + 1;
    const statusArrivals = h.bot
      .sandbox!.requests()
      .filter((r) => r.op === 'qrStatus')
      .map((r) => r.at);
    const finished = stats.filter((s) => s.watchState !== 'watching').length;
    const maxIn1s = windowMax(statusArrivals, 1000);
    return {
      name: `qr: live run, ${sessions} /qr sessions (first gap ${pollMs} ms, scanned after ${scanAfterMs} ms)`,
      figures: {
        sessions: stats.length,
        finished,
        scanned: stats.filter((s) => s.state === 2).length,
        boundPerSession: bound,
        minChecks: checks.length ? Math.min(...checks) : null,
        medianChecks: round(percentile(checks, 0.5)),
        maxChecks: checks.length ? Math.max(...checks) : null,
        totalChecks: checks.reduce((s, c) => s + c, 0),
        statusChecksMaxIn1s: maxIn1s,
        elapsedMs: round(elapsedMs),
      },
      target: `every session finished with ≤ ${bound} checks; ≤ ${GATEWAY_RATE_PER_SECOND} status checks in any 1 s`,
      met:
        stats.length === sessions &&
        finished === sessions &&
        Math.max(...checks) <= bound &&
        maxIn1s <= GATEWAY_RATE_PER_SECOND,
    };
  } finally {
    await h.stop();
  }
}
