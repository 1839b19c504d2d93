import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../src/config.js';
import { createQrWatcher, DEFAULT_QR_LEASE_MS, qrCheckStats } from '../src/qr/index.js';
import { qrWatchDeps } from '../src/slack/qr/index.js';
import { type SlackDouble, startSlackDouble } from '../src/slack-double/index.js';
import { openStore, type Store } from '../src/store/index.js';
import { startBotOnDouble } from './bot-on-double.js';
import { startReplica } from './replica-process.js';
import type { BenchResult } from './report.js';
import { type SandboxProcess, sandboxProcess } from './sandbox-process.js';
import { round } from './stats.js';

export interface QrTenMinutesOptions {
  /**
   * 1 (default): real time, the bot started by scripts/start.sh as production starts it. Above 1:
   * the app in this process with its clock running that many times faster (quick runs, tests).
   */
  speed?: number;
  /** Unscanned codes, all shown at once. Default 10. */
  codes?: number;
}

/** The most paid status checks a code nobody scans may cost over the whole watch. */
export const QR_TEN_MINUTE_GOAL = 40;

/** The bot under measurement: where to send commands and its store, to see the watches end. */
interface BotUnderTest {
  double: SlackDouble;
  events: string;
  store: Store;
  stop(): Promise<void>;
}

function env(double: SlackDouble, sandbox: SandboxProcess, databaseUrl: string) {
  return {
    SLACK_BOT_TOKEN: double.botToken,
    SLACK_SIGNING_SECRET: double.signingSecret,
    SLACK_API_URL: double.apiUrl,
    GATEWAY_BASE_URL: sandbox.url,
    GATEWAY_TOKEN: `bench-${randomUUID()}`,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
  };
}

/** Real time: the bot as a process of its own through the launcher, on its own SQLite file. */
async function launchedBot(sandbox: SandboxProcess): Promise<BotUnderTest> {
  const dir = await mkdtemp(join(tmpdir(), 'qd-qr10-'));
  const double = await startSlackDouble();
  const databaseUrl = `sqlite:${join(dir, 'querydesk.db')}`;
  try {
    const bot = await startReplica(env(double, sandbox, databaseUrl));
    // Opened after the bot migrated it; read only for the watches' states.
    const store = await openStore(databaseUrl);
    return {
      double,
      events: bot.events,
      store,
      async stop() {
        await bot.stop();
        await store.close();
        await double.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await double.close();
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Compressed time: the app in this process, its clock `speed` times faster than real time, its
 * watcher looking at the store every 5 ms of real time instead of every second. Each check still
 * takes its real few milliseconds, which only stretches the gaps: the count can only come out low.
 */
async function compressedBot(sandbox: SandboxProcess, speed: number): Promise<BotUnderTest> {
  const t0 = Date.now();
  const clock = () => new Date(t0 + (Date.now() - t0) * speed);
  const h = await startBotOnDouble(
    { GATEWAY_BASE_URL: sandbox.url, GATEWAY_TOKEN: `bench-${randomUUID()}` },
    { clock },
  );
  // The app's own watcher looks once a real second, too coarse for compressed time.
  await h.bot.watcher.stop();
  // Its leases are counted on the app's clock but renewed on real time (every third of
  // `leaseMs` real ms): a lease of 5 s in real time is `speed` times longer on the app's clock.
  // With the default it lapsed within 83 real ms at ×60, and a check that waited its turn was
  // withdrawn as if its lease had gone.
  const watcher = createQrWatcher({
    deps: qrWatchDeps(h.bot.deps, () => h.bot.runtime.app.client),
    workerId: 'bench-compressed',
    tickMs: 5,
    leaseMs: DEFAULT_QR_LEASE_MS * speed,
  });
  watcher.start();
  return {
    double: h.double,
    events: h.events,
    store: h.bot.deps.store,
    async stop() {
      await watcher.stop();
      await h.stop();
    },
  };
}

/**
 * What a QR code nobody scans costs over the whole default watch (10 minutes): `codes` unscanned
 * codes shown at once through the real app and watcher, each code's paid status checks counted
 * by the sandbox (a process of its own, its codes never expiring by themselves within the watch).
 * By default in real time through scripts/start.sh; `speed` > 1 compresses it for quick runs.
 */
export async function qrTenMinutesBench(options: QrTenMinutesOptions = {}): Promise<BenchResult> {
  const speed = options.speed ?? 1;
  const codes = options.codes ?? 10;
  const watchMs = readConfig({}).qr.watchTimeoutMs;
  const sandbox = await sandboxProcess({ qrExpireAfterMs: 2 * watchMs });
  try {
    const bot = speed > 1 ? await compressedBot(sandbox, speed) : await launchedBot(sandbox);
    try {
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: codes }, (_, i) =>
          bot.double.sendCommand(bot.events, {
            command: '/qr',
            text: `tenmin${i}`,
            user: `U0TM${i}`,
          }),
        ),
      );
      const deadline = t0 + watchMs / speed + 60_000;
      let stats = await qrCheckStats(bot.store);
      while (
        performance.now() < deadline &&
        (stats.length < codes || stats.some((s) => s.watchState === 'watching'))
      ) {
        await new Promise((r) => setTimeout(r, speed > 1 ? 250 : 2000));
        stats = await qrCheckStats(bot.store);
      }
      const lastEndS = (performance.now() - t0) / 1000;
      const ours = new Set(stats.map((s) => s.sessionId));
      const paid = (await sandbox.sessions())
        .filter((s) => ours.has(s.sessionId))
        .map((s) => s.paidChecks);
      const ended = stats.filter((s) => s.watchState === 'timed_out').length;
      const botCounted = stats.reduce((a, s) => a + s.checksMade, 0);
      const paidTotal = paid.reduce((a, b) => a + b, 0);
      return {
        name: `qr: paid checks per code left unscanned for ${watchMs / 60_000} min (${codes} codes at once, ${speed > 1 ? `in-process app, time ×${speed}` : 'real time, scripts/start.sh'})`,
        figures: {
          codes: paid.length,
          watchesEnded: ended,
          realMinutes: round(lastEndS / 60),
          minPaidChecks: paid.length ? Math.min(...paid) : null,
          maxPaidChecks: paid.length ? Math.max(...paid) : null,
          meanPaidChecks: round(paidTotal / Math.max(1, paid.length)),
          paidChecksAtSandbox: paidTotal,
          checksCountedByBot: botCounted,
        },
        target: `≤ ${QR_TEN_MINUTE_GOAL} paid checks per code, counted at the sandbox`,
        met: paid.length === codes && ended === codes && paid.every((c) => c <= QR_TEN_MINUTE_GOAL),
      };
    } finally {
      await bot.stop();
    }
  } finally {
    await sandbox.close();
  }
}
