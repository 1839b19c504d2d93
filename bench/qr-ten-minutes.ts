import { createQrWatcher, qrCheckStats } from '../src/qr/index.js';
import { qrWatchDeps } from '../src/slack/qr/index.js';
import { startBotOnDouble } from './bot-on-double.js';
import type { BenchResult } from './report.js';
import { round } from './stats.js';

export interface QrTenMinutesOptions {
  /** How many times faster than real time the app's clock runs. Default 20. */
  speed?: number;
  /** Unscanned codes, created one after another. Default 3. */
  codes?: number;
  /** Real time between two codes, so their dense minutes do not overlap at the limiter. */
  staggerMs?: number;
}

/**
 * Checks a code left unscanned takes over the whole default watch (10 minutes), measured on the
 * real app and watcher against the sandbox, in compressed time: the app's clock runs `speed`
 * times faster than real time (so the 10 minutes take 30 s), and the watcher looks at the store
 * every 5 ms of real time instead of every second. Each check still takes its real few
 * milliseconds, which only stretches the gaps: the count can only come out slightly low.
 */
export async function qrTenMinutesBench(options: QrTenMinutesOptions = {}): Promise<BenchResult> {
  const speed = options.speed ?? 20;
  const codes = options.codes ?? 3;
  const staggerMs = options.staggerMs ?? 5_000;
  const t0 = Date.now();
  const clock = () => new Date(t0 + (Date.now() - t0) * speed);
  const h = await startBotOnDouble({}, { clock });
  try {
    // The app's own watcher looks once a real second, too coarse for compressed time.
    await h.bot.watcher.stop();
    const watcher = createQrWatcher({
      deps: qrWatchDeps(h.bot.deps, () => h.bot.runtime.app.client),
      workerId: 'bench-compressed',
      tickMs: 5,
    });
    watcher.start();
    try {
      for (let i = 0; i < codes; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, staggerMs));
        await h.double.sendCommand(h.events, { command: '/qr', text: `tenmin${i}`, user: 'U0TM' });
      }
      const watchMs = h.bot.deps.config.qr.watchTimeoutMs;
      const deadline = Date.now() + watchMs / speed + 20_000;
      let stats = await qrCheckStats(h.bot.deps.store);
      while (
        Date.now() < deadline &&
        (stats.length < codes || stats.some((s) => s.watchState === 'watching'))
      ) {
        await new Promise((r) => setTimeout(r, 250));
        stats = await qrCheckStats(h.bot.deps.store);
      }
      const checks = stats.map((s) => s.checksMade);
      const ended = stats.filter((s) => s.watchState === 'timed_out').length;
      return {
        name: `qr: checks per code left unscanned for ${watchMs / 60_000} min (${codes} codes, real app, time ×${speed})`,
        figures: {
          codes: stats.length,
          watchesEnded: ended,
          minChecks: checks.length ? Math.min(...checks) : null,
          maxChecks: checks.length ? Math.max(...checks) : null,
          meanChecks: round(checks.reduce((a, b) => a + b, 0) / Math.max(1, checks.length)),
          statusChecksAtSandbox:
            h.bot.sandbox?.requests().filter((r) => r.op === 'qrStatus').length ?? null,
        },
        target: '≤ 40 checks per code',
        met: ended === codes && checks.every((c) => c <= 40),
      };
    } finally {
      await watcher.stop();
    }
  } finally {
    await h.stop();
  }
}
