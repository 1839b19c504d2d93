import { readConfig } from '../src/config.js';
import { qrSchedule } from '../src/qr/schedule.js';
import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../src/slack-double/index.js';
import type { BenchResult } from './report.js';
import { sandboxProcess } from './sandbox-process.js';
import { answerBook, type Phase } from './scale-answers.js';
import {
  type AnswerSums,
  addAnswerSums,
  answerMeansMs,
  answerP90sMs,
  answerSums,
  cpuMs,
  gcSecondsByKind,
  gcSecondsText,
  histogramDelta,
  histogramSum,
  latenessHistograms,
  machineBusyMs,
} from './scale-figures.js';
import { flood } from './scale-flood.js';
import { populateWorld } from './scale-populate.js';
import { probeOwner, probes } from './scale-probes.js';
import { steadyQr } from './scale-qr-load.js';
import { scaleResults } from './scale-results.js';
import {
  type Bot,
  databaseActivity,
  liveItems,
  ownDatabase,
  scaleBotEnv,
  startBots,
  startPlainBolts,
} from './scale-setup.js';
import { steadyStream } from './scale-stream.js';
import { channelWatch, installWorkspaces, SCALE_CLIENT, subscriptionOwner } from './scale-world.js';
import { round } from './stats.js';

export interface ScaleOptions {
  /** Installed workspaces, each with its own gateway token. Default 100. */
  workspaces?: number;
  /** The measured window once every item is live. Default 10 minutes. */
  durationMs?: number;
  /** Bot processes sharing PostgreSQL (and Redis when more than one). Default 1. */
  replicas?: number;
  /** Slash commands and Home openings per second, spread over the workspaces. Default 20. */
  commandsPerS?: number;
  /** Per workspace, made at set-up. Defaults 10, 10 and 20. */
  qrCodes?: number;
  watches?: number;
  subscriptions?: number;
  /** New QR codes per workspace per minute from set-up to the end. Default qrCodes / 10. */
  qrPerMinute?: number;
  /** Commands the flooding workspace sends at once in the middle of the window. Default 100. */
  floodCommands?: number;
  /** Probes of each kind, quiet and again loaded. Default 10. */
  probeSamples?: number;
  /** The bot's ORDER_WATCH_INTERVAL_MS and the subscriptions' `every=` (s). Defaults 60 s, 1 m. */
  watchIntervalMs?: number;
  everySeconds?: number;
  /** Probed QR codes are scanned 5 s to 5 s + this after they are shown. Default 50 s. */
  scanWithinMs?: number;
  redisUrl?: string;
  /** Where each bot's log is written (scale-<n>-replicas-bot-<i>.log). Default bench/results. */
  logDir?: string;
}

// Other benchmarks start their own database and read live items as this one does.
export { liveItems, ownDatabase } from './scale-setup.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Production's defaults for what the bench does not set (the QR schedule and its watch). */
function defaults(options: ScaleOptions) {
  const qrCodes = options.qrCodes ?? 10;
  return {
    workspaces: options.workspaces ?? 100,
    durationMs: options.durationMs ?? 600_000,
    replicas: options.replicas ?? 1,
    commandsPerS: options.commandsPerS ?? 20,
    shape: { qrCodes, watches: options.watches ?? 10, subscriptions: options.subscriptions ?? 20 },
    qrPerMinute: options.qrPerMinute ?? Math.max(1, Math.round(qrCodes / 10)),
    floodCommands: options.floodCommands ?? 100,
    samples: options.probeSamples ?? 10,
    watchIntervalMs: options.watchIntervalMs ?? 60_000,
    everySeconds: options.everySeconds ?? 60,
    scanWithinMs: options.scanWithinMs ?? 50_000,
  };
}

/** The run's processes: the sandbox, the Slack double, a database of its own, the bots, as many
 * plain Bolt processes, and the RSS sampler; each one's close is pushed onto `closers`. */
async function startParts(
  o: ReturnType<typeof defaults>,
  options: ScaleOptions,
  { closers, samplers }: Pick<ReturnType<typeof runParts>, 'closers' | 'samplers'>,
) {
  const sandbox = await sandboxProcess({
    qrExpireAfterMs: 6 * 3_600_000,
    extraShopOwnerIds: [
      ...Array.from({ length: o.shape.subscriptions }, (_, i) => subscriptionOwner(i)),
      ...Array.from({ length: 2 * o.samples }, (_, k) => probeOwner(k)),
    ],
    extraWaitingOrders: 2 * o.samples,
  });
  closers.push(() => sandbox.close());
  const double = await startSlackDouble();
  closers.push(() => double.close());
  double.setOAuthClient(SCALE_CLIENT.id, SCALE_CLIENT.secret);
  const db = await ownDatabase();
  closers.push(() => db.drop());
  const bots = await startBots(
    o.replicas,
    scaleBotEnv(double, sandbox.url, db.url, {
      ORDER_WATCH_INTERVAL_MS: String(o.watchIntervalMs),
      SUBSCRIPTION_MIN_INTERVAL_MS: String(Math.min(60, o.everySeconds) * 1000),
    }),
    options.redisUrl ?? 'redis://127.0.0.1:6379',
    options.logDir,
  );
  closers.push(() => Promise.all(bots.map((b) => b.stop())));
  const plain = await startPlainBolts(double, o.replicas);
  closers.push(() => Promise.all(plain.map((p) => p.stop())));
  const rss = { bot: 0, plain: 0 };
  samplers.push(
    setInterval(() => {
      for (const b of bots) rss.bot = Math.max(rss.bot, b.rssMiB());
      for (const p of plain) rss.plain = Math.max(rss.plain, p.rssMiB());
    }, 1000),
  );
  return { sandbox, double, db, bots, plain, rss };
}

/** Workspace 0 alone: its probes, under a light stream of its own answered in the quiet phase. */
async function quietPhase(
  probe: Parameters<typeof probes>[0],
  targets: string[],
  book: ReturnType<typeof answerBook>,
  samples: number,
) {
  let quietDone = false;
  const quietStream = steadyStream(probe.double, {
    targets,
    workspaces: 1,
    perSecond: 2,
    until: () => quietDone,
    prefix: 'Q',
    book,
    phase: () => 'quiet',
  });
  const quiet = await probes(probe, 0, samples);
  quietDone = true;
  await quietStream;
  return quiet;
}

/** Halfway through the window, workspace 1 floods; `flooding` tells the stream to leave it out
 * until its backlog at its token's 10/s has had time to clear. Resolves with the flood's start. */
async function floodHalfway(
  o: ReturnType<typeof defaults>,
  double: SlackDouble,
  book: ReturnType<typeof answerBook>,
  targets: string[],
  mirrors: string[],
  flooding: (on: boolean) => void,
): Promise<number> {
  await sleep(o.durationMs / 2);
  flooding(true);
  const at = performance.now();
  await flood(double, book, 'live', targets, mirrors, 1 % o.workspaces, o.floodCommands);
  await sleep((o.floodCommands / 10) * 1000);
  flooding(false);
  return at;
}

/** What the probes need: workspace 0's Slack side and the gateway, and the items' intervals. */
function probeSetup(
  o: ReturnType<typeof defaults>,
  every: { text: string; ms: number },
  parts: Pick<Parameters<typeof probes>[0], 'double' | 'seen' | 'sandbox' | 'target'>,
) {
  const { watchIntervalMs, scanWithinMs } = o;
  return { ...parts, workspace: 0, watchIntervalMs, every, scanWithinMs };
}

/** Each bot's /metrics now, read once for every diagnostic taken from it at that moment. */
function expositions(bots: Bot[]): Promise<string[]> {
  return Promise.all(bots.map((b) => b.exposition()));
}

/** Every replica's own timing of /account's answers so far, added together. */
function answersIn(texts: string[]): AnswerSums {
  return addAnswerSums(texts.map((text) => answerSums(text)));
}

/** The parts' means and p90s of each phase, from the readings at its ends: quiet, creation, window. */
function answerPhases([quiet, creation, window, end]: AnswerSums[]) {
  const phase = (after: AnswerSums, before: AnswerSums) => ({
    means: answerMeansMs(after, before),
    p90s: answerP90sMs(after, before),
  });
  return {
    quiet: phase(creation!, quiet!),
    creation: phase(window!, creation!),
    window: phase(end!, window!),
  };
}

/** What the bots and the machine have used so far: CPU (ms), busy machine (ms), GC by bot. */
function usage(bots: Bot[], texts: string[]) {
  const cpu = bots.reduce((s, b) => s + cpuMs(b.pid), 0);
  return { cpuMs: cpu, machineMs: machineBusyMs(), gc: texts.map(gcSecondsByKind), at: Date.now() };
}
type Usage = ReturnType<typeof usage>;

/** Over a phase: the bots' CPU over one core, the machine's busy cores, the bots' GC seconds. */
function usageOver(after: Usage, before: Usage) {
  const ms = after.at - before.at;
  return {
    botCpuShare: round((after.cpuMs - before.cpuMs) / ms),
    machineBusyCores: round((after.machineMs - before.machineMs) / ms),
    gcSeconds: gcSecondsText(after.gc, before.gc),
  };
}

/** The bots' and the database's counters now: the window's figures are the difference of two. */
async function readings(bots: Bot[], url: string) {
  const live = await liveItems(url);
  const texts = await expositions(bots);
  return {
    live,
    metrics: texts.map(latenessHistograms),
    usage: usage(bots, texts),
    answers: answersIn(texts),
    db: await databaseActivity(url),
  };
}

/**
 * The multi-workspace benchmark, measured from outside the bot: `replicas` bot processes started
 * as production starts them (scripts/start.sh) in many-workspace mode on a PostgreSQL database of
 * their own. One workspace alone first (the quiet probes and answers), then every workspace makes
 * its items through signed commands and clicks under the command stream, then the window with
 * the steady QR load, a flood and the loaded probes. Gaps, duplicates and rates are read from the
 * sandbox's request log, answers and probes from what reaches the Slack double.
 */
export async function scaleBench(
  options: ScaleOptions = {},
  signal?: AbortSignal,
): Promise<BenchResult[]> {
  const o = defaults(options);
  const cfg = readConfig({});
  const parts = runParts(signal);
  const { closeAll, halted } = parts;
  try {
    const { sandbox, double, db, bots, plain, rss } = await startParts(o, options, parts);
    await installWorkspaces(double, bots[0]!.base, bots[0]!.events, o.workspaces);
    const book = answerBook(double);
    parts.closers.push(async () => book.off());
    const seen = channelWatch(double);
    parts.closers.push(async () => seen.off());
    const targets = bots.map((b) => b.events);
    const mirrors = plain.map((p) => p.events);
    const every = { text: `${o.everySeconds}s`, ms: o.everySeconds * 1000 };
    const probe = probeSetup(o, every, { double, seen, sandbox, target: targets[0]! });

    // Quiet: workspace 0 alone, its probes and a light stream of its own.
    const answerMarks = [answersIn(await expositions(bots))];
    const quiet = await quietPhase(probe, targets, book, o.samples);
    answerMarks.push(answersIn(await expositions(bots)));

    // Loaded: every workspace makes its items under the stream, then the window.
    let phase: Phase = 'creation';
    let stop = false;
    let flooding = false;
    const setupAt = Date.now();
    const creationUsage = usage(bots, await expositions(bots));
    const stream = steadyStream(double, {
      targets,
      mirrors,
      workspaces: o.workspaces,
      perSecond: o.commandsPerS,
      until: () => stop || halted(),
      prefix: 'L',
      avoid: () => (flooding ? 1 : undefined),
      book,
      phase: () => phase,
    });
    const qrLoad = steadyQr(double, {
      targets,
      workspaces: o.workspaces,
      perMinute: o.qrPerMinute,
      until: () => stop || halted(),
      book,
      phase: () => phase,
    });
    const made = await populateWorld(double, (w) => targets[w % targets.length]!, {
      workspaces: o.workspaces,
      ...o.shape,
      every: every.text,
    });
    phase = 'live';
    const creationS = round((Date.now() - setupAt) / 1000);
    const start = await readings(bots, db.url);
    answerMarks.push(start.answers);
    const windowAt = Date.now();
    const floodDone = floodHalfway(o, double, book, targets, mirrors, (on) => {
      flooding = on;
    });
    const loaded = await probes(probe, o.samples, o.samples);
    await sleep(windowAt + o.durationMs - Date.now());
    const floodAt = await floodDone;
    stop = true;
    const windowEnd = Date.now();
    const [streamOut] = await Promise.all([stream, qrLoad]);
    const end = await readings(bots, db.url);
    answerMarks.push(end.answers);
    const deltas = end.metrics.map((a, i) => histogramDelta(a, start.metrics[i]!));
    await book.settled(30_000);
    return scaleResults(
      {
        label: `${o.workspaces} workspaces, ${o.replicas === 1 ? '1 replica (PostgreSQL)' : `${o.replicas} replicas (PostgreSQL + Redis)`}`,
        workspaces: o.workspaces,
        records: await sandbox.requests(),
        sessions: await sandbox.sessions(),
        made,
        watches: o.shape.watches,
        schedules: {
          qr: qrSchedule(cfg.qr.pollIntervalMs),
          watchMs: o.watchIntervalMs,
          subscriptionMs: every.ms,
        },
        qrWatchMs: cfg.qr.watchTimeoutMs,
        until: windowEnd,
        window: {
          at: windowAt,
          transactions: end.db.transactions - start.db.transactions,
          settingsScans: end.db.settingsScans - start.db.settingsScans,
        },
        probes: { quiet, loaded },
        asked: book.asked(),
        floodAt,
        stream: streamOut,
        live: { start: start.live, end: end.live },
        lateness: histogramSum(deltas),
        claimsPerReplica: deltas
          .map((d) => Object.values(d).reduce((n, h) => n + h.count, 0))
          .join(' / '),
        rss,
        botWarnings: bots.map((b) => b.warnings()).join(' | '),
        usage: {
          creation: usageOver(start.usage, creationUsage),
          window: usageOver(end.usage, start.usage),
        },
        creationS,
        windowS: round((windowEnd - windowAt) / 1000),
        botAnswers: answerPhases(answerMarks),
      },
      SANDBOX_EXAMPLES.account.mediaMark,
    );
  } finally {
    await closeAll();
  }
}

/**
 * What a run has started, to close at its end: each part's close (`closers`, closed last first)
 * and its timers. Told to stop (`signal`, the runner's limit), the run closes them at once rather
 * than when its pending waits end, and `halted()` tells its streams to send nothing more.
 */
function runParts(signal: AbortSignal | undefined) {
  const closers: (() => Promise<unknown>)[] = [];
  const samplers: NodeJS.Timeout[] = [];
  const closeAll = once(async () => {
    for (const t of samplers) clearInterval(t);
    for (const close of closers.reverse()) await close().catch(() => undefined);
  });
  signal?.addEventListener('abort', () => void closeAll(), { once: true });
  return { closers, samplers, closeAll, halted: () => signal?.aborted === true };
}

/** `f` run at most once; later calls share its first promise. */
function once<T>(f: () => Promise<T>): () => Promise<T> {
  let first: Promise<T> | undefined;
  return () => {
    first ??= f();
    return first;
  };
}
