import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../src/console/free-port.js';
import type { RequestRecord } from '../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../src/slack-double/index.js';
import { type ReplicaProcess, startReplica } from './replica-process.js';
import type { BenchResult } from './report.js';
import { type SandboxProcess, sandboxProcess } from './sandbox-process.js';
import {
  BACKGROUND_OPS,
  cpuMs,
  type HistogramsByKind,
  histogramDelta,
  histogramSum,
  latenessHistograms,
  perTokenRate,
  quantileBound,
  shareWithin,
  twiceMade,
} from './scale-figures.js';
import { answerBook, flood, type IsolationFigures, isolationFigures } from './scale-flood.js';
import { type StreamFigures, steadyStream } from './scale-stream.js';
import {
  installWorkspaces,
  populateWorld,
  SCALE_CLIENT,
  type WorldShape,
  watchedOrders,
} from './scale-world.js';
import { ratio, round } from './stats.js';

export interface ScaleOptions {
  /** Installed workspaces, each with its own gateway token. Default 100. */
  workspaces?: number;
  /** How long the background work and the command stream are measured. Default 10 minutes. */
  durationMs?: number;
  /** Bot processes sharing PostgreSQL (and Redis when more than one). Default 1. */
  replicas?: number;
  /** Slash commands and Home openings per second, spread over the workspaces. Default 20. */
  commandsPerS?: number;
  /** Per workspace. Defaults 10, 10 and 20. */
  qrCodes?: number;
  watches?: number;
  subscriptions?: number;
  /** Commands the flooding workspace sends at once in the middle of the stream. Default 100. */
  floodCommands?: number;
  redisUrl?: string;
}

/** A PostgreSQL database of this run's own (the shared server is never emptied). */
export async function ownDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `qd_scale_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const run = async (query: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Live items in the store now: what the background loops keep working on. */
export async function liveItems(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const one = async (q: string) => Number((await c.query(q)).rows[0].n);
    return {
      liveQrCodes: await one(`select count(*) n from qr_sessions where watch_state = 'watching'`),
      liveWatches: await one(`select count(*) n from order_watches where watch_state = 'watching'`),
      liveSubscriptions: await one(`select count(*) n from subscriptions where state = 'active'`),
    };
  } finally {
    await c.end();
  }
}

/** This module's sibling script: compiled .js under `npm run bench`, .ts (through tsx) in tests. */
function sibling(name: string): { script: string; env: Record<string, string> } {
  const ts = import.meta.url.endsWith('.ts');
  const script = fileURLToPath(new URL(`./${name}.${ts ? 'ts' : 'js'}`, import.meta.url));
  return { script, env: ts ? { NODE_OPTIONS: '--import tsx' } : {} };
}

interface Bot extends ReplicaProcess {
  metrics(): Promise<HistogramsByKind>;
}

async function startBots(n: number, env: Record<string, string>, redisUrl: string): Promise<Bot[]> {
  const bots: Bot[] = [];
  for (let i = 0; i < n; i++) {
    const port = await freePort();
    const extra: Record<string, string> = n > 1 ? { REDIS_URL: redisUrl, REPLICAS: String(n) } : {};
    const r = await startReplica({ ...env, ...extra, METRICS_PORT: String(port) });
    const url = `http://127.0.0.1:${port}/metrics`;
    bots.push({
      ...r,
      metrics: async () => latenessHistograms(await (await fetch(url)).text()),
    });
  }
  return bots;
}

interface Measured {
  lateness: HistogramsByKind;
  perBot: number[];
  stream: StreamFigures;
  /** Plain Bolt's acks for the same stream, sent to it at the same moments. */
  plainBolt: StreamFigures;
  isolation: IsolationFigures;
  rssMaxMiB: number;
  cpuMsPerCheck: number | null;
  backgroundChecks: number;
  records: RequestRecord[];
  seconds: number;
}

const isBackground = (op: string | null) =>
  op !== null && (BACKGROUND_OPS as readonly string[]).includes(op);

/** The workspace that floods: left out of the ordinary stream while its flood is answered. */
const FLOODING = 0;

/**
 * The measured window: background work alone first (its CPU per check), then with the command
 * stream on top, sent to the bot and, at the same moments, to `plain` (plain Bolt); memory sampled
 * every second throughout. Halfway through the stream one workspace floods (see scale-flood.ts).
 */
async function measure(
  bots: Bot[],
  plain: ReplicaProcess,
  sandbox: SandboxProcess,
  double: SlackDouble,
  o: Required<Pick<ScaleOptions, 'workspaces' | 'durationMs' | 'commandsPerS' | 'floodCommands'>>,
  watchedOrders: ReadonlySet<string>,
): Promise<Measured> {
  let rssMaxMiB = 0;
  const sample = () => {
    for (const b of bots) rssMaxMiB = Math.max(rssMaxMiB, b.rssMiB());
  };
  const sampler = setInterval(sample, 1000);
  const book = answerBook(double);
  try {
    const before = await Promise.all(bots.map((b) => b.metrics()));
    const from = (await sandbox.requests()).length;
    const cpu0 = bots.reduce((s, b) => s + cpuMs(b.pid), 0);
    const t0 = performance.now();
    const quietMs = Math.min(60_000, Math.round(o.durationMs / 4));
    await new Promise((r) => setTimeout(r, quietMs));
    const cpu1 = bots.reduce((s, b) => s + cpuMs(b.pid), 0);
    const quietChecks = (await sandbox.requests())
      .slice(from)
      .filter(
        (r) => isBackground(r.op) && (r.op !== 'payOrder' || watchedOrders.has(r.subject ?? '')),
      ).length;
    const streamMs = o.durationMs - quietMs;
    const floodAfterMs = Math.round(streamMs / 2);
    let flooding: number | undefined;
    let floodAt = Number.POSITIVE_INFINITY;
    const targets = bots.map((b) => b.events);
    const floodDone = (async () => {
      await new Promise((r) => setTimeout(r, floodAfterMs));
      flooding = FLOODING;
      floodAt = performance.now();
      const sent = await flood(double, book, targets, plain.events, FLOODING, o.floodCommands);
      // Its token's 10/s drains the flood in floodCommands / 10 s; a minute more at most.
      await book.settled(sent.channels, (o.floodCommands / 10) * 1000 + 60_000);
      flooding = undefined;
      return sent;
    })();
    const others: string[] = [];
    const stream = await steadyStream(double, {
      targets,
      mirror: plain.events,
      workspaces: o.workspaces,
      perSecond: o.commandsPerS,
      durationMs: streamMs,
      avoid: () => flooding,
      onLookup: (l) => {
        if (l.workspace === FLOODING) return;
        book.track(l.channel, l.workspace, l.sentAt);
        others.push(l.channel);
      },
    });
    const flooded = await floodDone;
    await book.settled(others, 30_000);
    const after = await Promise.all(bots.map((b) => b.metrics()));
    sample();
    const deltas = after.map((a, i) => histogramDelta(a, before[i]!));
    return {
      lateness: histogramSum(deltas),
      perBot: deltas.map((d) => Object.values(d).reduce((s, h) => s + h.count, 0)),
      stream: stream.bot,
      plainBolt: stream.mirror!,
      // The stretch before the flood: up to 30 s, never before the stream started.
      isolation: isolationFigures(book, others, flooded, floodAt, Math.min(30_000, floodAfterMs)),
      rssMaxMiB,
      cpuMsPerCheck: quietChecks > 0 ? round((cpu1 - cpu0) / quietChecks) : null,
      backgroundChecks: quietChecks,
      records: (await sandbox.requests()).slice(from),
      seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    clearInterval(sampler);
    book.off();
  }
}

/**
 * The reference: a plain Bolt app that only acks, started beside the bot before the window, so it
 * takes the same stream at the same moments on the same machine.
 */
function startPlainBolt(double: SlackDouble): Promise<ReplicaProcess> {
  const { script, env } = sibling('scale-plain-bolt');
  return startReplica(
    {
      ...env,
      SLACK_BOT_TOKEN: double.botToken,
      SLACK_SIGNING_SECRET: double.signingSecret,
      SLACK_API_URL: double.apiUrl,
    },
    { script },
  );
}

function results(
  label: string,
  live: Awaited<ReturnType<typeof liveItems>>,
  m: Measured,
  watched: ReadonlySet<string>,
): BenchResult[] {
  const kinds = ['qr', 'watch', 'subscription'] as const;
  const p99 = Object.fromEntries(kinds.map((k) => [k, quantileBound(m.lateness[k], 0.99)]));
  const rate = perTokenRate(m.records);
  const toPlain = ratio(m.stream.ackP99Ms, m.plainBolt.ackP99Ms);
  const polls = m.records.filter((r) => r.op === 'shopOrders').length;
  const minutes = m.seconds / 60;
  const out: BenchResult[] = [
    {
      name: `scale: background checks on time, ${label}`,
      figures: {
        ...live,
        measuredS: round(m.seconds),
        ...Object.fromEntries(kinds.map((k) => [`${k}Checks`, m.lateness[k]?.count ?? 0])),
        ...Object.fromEntries(kinds.map((k) => [`${k}LatenessP99S`, p99[k] ?? null])),
        ...Object.fromEntries(kinds.map((k) => [`${k}Within2sPct`, shareWithin(m.lateness[k], 2)])),
        tokenWindowsFilled: rate.tokenWindowsFilled,
      },
      target:
        'p99 lateness ≤ 2 s for every kind (bucket bound); token windows filled counted apart',
      met: kinds.every((k) => (p99[k] ?? Infinity) <= 2) && live.liveQrCodes > 0,
    },
    {
      name: `scale: ${m.stream.sent} commands and Home openings at a steady rate, ${label}`,
      figures: {
        ...m.stream,
        plainBoltAckP50Ms: m.plainBolt.ackP50Ms,
        plainBoltAckP99Ms: m.plainBolt.ackP99Ms,
        plainBoltAckP99MsHome: m.plainBolt.ackP99MsHome,
        ackP99RatioToPlainBolt: toPlain,
      },
      target:
        'all acked; ack p99 no worse than plain Bolt sent the same stream at the same moments (ratio ≤ 1)',
      met: m.stream.acked === m.stream.sent && toPlain !== null && toPlain <= 1,
    },
    {
      name: `scale: one workspace floods its token, the others' answers, ${label}`,
      figures: { ...m.isolation },
      target:
        "others' answer p99 during the flood ≤ 1.5 × before it; none of theirs queued; all answered",
      met:
        m.isolation.otherWorkspacesAnswerP99RatioDuringToBefore !== null &&
        m.isolation.otherWorkspacesAnswerP99RatioDuringToBefore <= 1.5 &&
        m.isolation.otherWorkspacesQueuedDuringFlood === 0 &&
        m.isolation.otherWorkspacesUnanswered === 0 &&
        m.isolation.floodAnswered === m.isolation.floodSent,
    },
    {
      name: `scale: gateway requests per token, ${label}`,
      figures: {
        gatewayRequests: m.records.length,
        mostPerTokenPerOpInAnySecond: rate.mostPerTokenPerOpInAnySecond,
        answers202: rate.answers202,
      },
      target: '≤ 10 per token per operation in any 1 s; 0 rate-limited',
      met: rate.mostPerTokenPerOpInAnySecond <= 10 && rate.answers202 === 0,
    },
    {
      name: `scale: memory and CPU, ${label}`,
      figures: {
        rssMaxMiB: m.rssMaxMiB,
        cpuMsPerBackgroundCheck: m.cpuMsPerCheck,
        backgroundChecksInCpuWindow: m.backgroundChecks,
      },
      target: 'RSS ≤ 250 MiB per process',
      met: m.rssMaxMiB <= 250,
    },
  ];
  const twice =
    twiceMade(m.records, 'qrStatus', 1500) + twiceMade(m.records, 'payOrder', 30_000, watched);
  const share =
    Math.max(...m.perBot) /
    Math.max(
      1,
      m.perBot.reduce((a, b) => a + b, 0),
    );
  out.push({
    name: `scale: work spread and checks made twice, ${label}`,
    figures: {
      claimsPerReplica: m.perBot.join(' / '),
      largestShare: round(share),
      checksMadeTwice: twice,
      subscriptionPollsPerSubscriptionMinute: round(
        polls / Math.max(1, live.liveSubscriptions) / minutes,
      ),
    },
    target:
      m.perBot.length > 1
        ? 'no replica more than half the checks; no check made twice'
        : 'no check made twice',
    met: twice === 0 && (m.perBot.length === 1 || share <= 0.5),
  });
  return out;
}

/**
 * The multi-workspace benchmark: `replicas` bot processes started as production starts them
 * (scripts/start.sh) in many-workspace (OAuth) mode on a PostgreSQL database of their own, with
 * `workspaces` installs, each with its own gateway token at the sandbox and its live QR codes,
 * order watches and subscriptions, measured for `durationMs` under a steady command stream.
 */
export async function scaleBench(options: ScaleOptions = {}): Promise<BenchResult[]> {
  const o = {
    workspaces: options.workspaces ?? 100,
    durationMs: options.durationMs ?? 600_000,
    commandsPerS: options.commandsPerS ?? 20,
    floodCommands: options.floodCommands ?? 100,
  };
  const replicas = options.replicas ?? 1;
  const shape: WorldShape = {
    workspaces: o.workspaces,
    qrCodes: options.qrCodes ?? 10,
    watches: options.watches ?? 10,
    subscriptions: options.subscriptions ?? 20,
  };
  const label = `${o.workspaces} workspaces, ${replicas === 1 ? '1 replica (PostgreSQL)' : `${replicas} replicas (PostgreSQL + Redis)`}`;
  const closers: (() => Promise<unknown>)[] = [];
  try {
    // QR codes stay unscanned and unexpired for the whole run; the sandbox keeps its 10/s limit.
    // It runs in a process of its own at raised priority, as a remote gateway whose clock the
    // bots' CPU load cannot starve: in the bench process its arrival stamps (and its 10/s limit)
    // were held up by the stream's sending and answers, and bunched.
    const sandbox = await sandboxProcess({ qrExpireAfterMs: 6 * 3_600_000 });
    closers.push(() => sandbox.close());
    const double = await startSlackDouble();
    closers.push(() => double.close());
    double.setOAuthClient(SCALE_CLIENT.id, SCALE_CLIENT.secret);
    const db = await ownDatabase();
    closers.push(() => db.drop());
    const bots = await startBots(
      replicas,
      {
        SLACK_BOT_TOKEN: '',
        SLACK_CLIENT_ID: SCALE_CLIENT.id,
        SLACK_CLIENT_SECRET: SCALE_CLIENT.secret,
        SLACK_STATE_SECRET: 'scale-state-secret',
        SLACK_SIGNING_SECRET: double.signingSecret,
        SLACK_API_URL: double.apiUrl,
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        GATEWAY_BASE_URL: sandbox.url,
        DATABASE_URL: db.url,
        LOG_LEVEL: 'warn',
        // Codes made at the start are watched past the end of the measured window.
        QR_WATCH_TIMEOUT_MS: String(o.durationMs + 900_000),
      },
      options.redisUrl ?? 'redis://127.0.0.1:6379',
    );
    closers.push(() => Promise.all(bots.map((b) => b.stop())));
    await installWorkspaces(double, bots[0]!.base, bots[0]!.events, o.workspaces);
    await populateWorld(double, (w) => bots[w % bots.length]!.events, shape);
    // A QR code's row is stored after its placeholder message is posted: wait for the last ones.
    let live = await liveItems(db.url);
    const expected = (per: number) => per * o.workspaces;
    for (let i = 0; i < 60; i++) {
      if (
        live.liveQrCodes >= expected(shape.qrCodes) &&
        live.liveWatches >= expected(shape.watches) &&
        live.liveSubscriptions >= expected(shape.subscriptions)
      )
        break;
      await new Promise((r) => setTimeout(r, 500));
      live = await liveItems(db.url);
    }
    const watched = watchedOrders(shape.watches);
    const plain = await startPlainBolt(double);
    closers.push(() => plain.stop());
    const m = await measure(bots, plain, sandbox, double, o, watched);
    return results(label, live, m, watched);
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}
