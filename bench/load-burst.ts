import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WINDOW_MS } from '../src/gateway/limiter.js';
import { COUNTED_WITHIN_MS } from '../src/gateway/transport.js';
import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../src/slack-double/index.js';
import type { BurstReply, BurstRequest } from './burst-client.js';
import { type ReplicaProcess, startReplica } from './replica-process.js';
import type { BenchResult } from './report.js';
import { type SandboxProcess, sandboxProcess } from './sandbox-process.js';
import { type ShortcutFigures, shortcutOpens } from './shortcut-opens.js';
import { percentile, ratio, round, windowMax } from './stats.js';
import { threadCpuBetween, threadTimes } from './thread-cpu.js';

const ORDER = 'P20260101000001';
/** Message shortcuts sent with the 200-command burst, each timed to its modal's opening. */
const SHORTCUTS_IN_BURST = 10;
const MERCHANT = 'M898310058120001';

/** A gateway that answers every payment-order lookup with a paid order after `delayMs`. */
async function slowGateway(delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const body = JSON.stringify({
    code: 0,
    msg: 'ok',
    data: {
      order_number: ORDER,
      relation_order_number: 'R1',
      merchant_num: MERCHANT,
      order_price: 100,
      order_realy_price: 100,
      order_status: 1,
      withholding_money: 0,
    },
  });
  const server: Server = createServer((req, res) => {
    req.resume();
    setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      res.end(body);
    }, delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A forked burst-client.ts, ready: call it once with the target and the signed requests. */
async function burstSender(): Promise<
  (url: string, requests: BurstRequest[]) => Promise<BurstReply[]>
> {
  const child = fork(fileURLToPath(new URL('./burst-client.js', import.meta.url)), [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    execArgv: [],
  });
  await once(child, 'spawn');
  return async (url, requests) => {
    const reply = once(child, 'message') as Promise<[BurstReply[]]>;
    child.send({ url, requests });
    return (await reply)[0];
  };
}

interface BurstFigures {
  acked: number;
  ackP50Ms: number | null;
  ackP99Ms: number | null;
  answered: number;
  lastAnswerS: number | null;
  /** Epoch ms when the burst (after the warm-up) began. */
  startedAt: number;
  /** Each ack's time (ms), to pool several bursts. */
  acksMs: number[];
  /** The same, by replica (in the order of `replicas`). */
  acksMsByReplica: number[][];
  /** The message shortcuts sent among the commands, when any were. */
  shortcut?: ShortcutFigures;
  /**
   * The first replica's threads from the burst's start to its last ack (thread-cpu.ts: main,
   * busiest other, rest; run/wait ms), or null where the kernel keeps no schedstat.
   */
  threadsMs: string | null;
}

/**
 * `n` signed `/payorder` commands sent at once, spread over the replicas; each from its own user,
 * so its answer (the card, possibly edited over a "Queued" notice) is matched to it.
 */
async function burst(
  double: SlackDouble,
  replicas: ReplicaProcess[],
  n: number,
  text: string,
  /** How long to wait for the answers; 0: the bot answers nothing (the plain Bolt reference). */
  waitMs: number,
  /** Message shortcuts sent among the commands, each timed to its modal's opening. */
  shortcuts = 0,
): Promise<BurstFigures> {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const answered = new Map<string, number>();
  // Warm-up: one command per replica first, answered, so the burst measures a running bot (the
  // first request of a process pays for lazy loading and schema compilation).
  await Promise.all(
    replicas.map(async (r, i) => {
      const user = `UW${tag}${i}`;
      await double.sendCommand(r.events, { command: '/payorder', text, user });
      if (waitMs === 0) return;
      await double
        .waitFor(
          () =>
            double.messages().some((m) => m.visibleTo === user && /Paid/.test(m.text)) || undefined,
          15_000,
        )
        .catch(() => undefined);
    }),
  );
  const off = double.on('change', (c) => {
    if (c.kind !== 'message' || c.action === 'deleted' || !/Paid/.test(c.message.text)) return;
    const user = c.message.visibleTo;
    if (user?.startsWith(`U${tag}`) && !answered.has(user)) answered.set(user, performance.now());
  });
  // Built and signed before the clock starts; each replica's share goes from its own sender.
  const requests = replicas.map(() => [] as BurstRequest[]);
  for (let i = 0; i < n; i++) {
    requests[i % replicas.length]!.push(
      double.commandRequest({ command: '/payorder', text, user: `U${tag}${i}` }),
    );
  }
  const senders = await Promise.all(replicas.map(() => burstSender()));
  // The shortcuts go to the first replica at the same moment, from a sender of their own (so the
  // commands' ack figures stay the commands'), signed last: a trigger_id lives 3 s from signing.
  const opens = shortcuts > 0 ? shortcutOpens(double, tag, shortcuts) : undefined;
  const shortcutSender = opens && (await burstSender());
  const shortcutRequests = opens?.requests() ?? [];
  const pid = replicas[0]!.pid;
  const threadsBefore = threadTimes(pid);
  const t0 = performance.now();
  const startedAt = Date.now();
  const [acksByReplica] = await Promise.all([
    Promise.all(senders.map((send, i) => send(replicas[i]!.events, requests[i]!))),
    shortcutSender?.(replicas[0]!.events, shortcutRequests),
  ]);
  const threadsMs = threadCpuBetween(pid, threadsBefore, threadTimes(pid));
  const acks = acksByReplica.flat();
  if (waitMs > 0) {
    await double.waitFor(() => answered.size >= n || undefined, waitMs).catch(() => undefined);
  }
  await opens?.settle(5000);
  opens?.stop();
  off();
  const ms = acks.map((a) => a.ms);
  return {
    acked: acks.filter((a) => a.status === 200).length,
    ackP50Ms: round(percentile(ms, 0.5)),
    ackP99Ms: round(percentile(ms, 0.99)),
    answered: answered.size,
    lastAnswerS: answered.size ? round((Math.max(...answered.values()) - t0) / 1000) : null,
    startedAt,
    acksMs: ms,
    acksMsByReplica: acksByReplica.map((replica) => replica.map((a) => a.ms)),
    ...(opens ? { shortcut: opens.figures(t0) } : {}),
    threadsMs,
  };
}

function botEnv(double: SlackDouble, extra: Record<string, string>): Record<string, string> {
  return {
    SLACK_BOT_TOKEN: double.botToken,
    SLACK_SIGNING_SECRET: double.signingSecret,
    SLACK_API_URL: double.apiUrl,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** A PostgreSQL database of this run's own (the shared server is never emptied). */
async function ownDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `qd_load_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface LoadBenchOptions {
  slowBurst?: number;
  fastBurst?: number;
  replicas?: number;
  redisUrl?: string;
  tmpDir: string;
  /** Another checkout to measure (its scripts/start.sh), for before/after figures. */
  appDir?: string;
  /** How long a process is left alone after a burst before its idle RSS is read. Default 10 s. */
  settleMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The floor: the same burst at a bare `node:http` server (bare-http.ts) that reads each body and
 * answers an empty 200, started by plain node and measured the same way; its ack times.
 */
async function bareHttp(
  double: SlackDouble,
  n: number,
  text: string,
  shortcuts: number,
): Promise<Pick<BurstFigures, 'ackP50Ms' | 'ackP99Ms' | 'threadsMs'>> {
  const script = fileURLToPath(new URL('./bare-http.js', import.meta.url));
  const proc = await startReplica(botEnv(double, {}), { script });
  try {
    await sleep(3000);
    const { ackP50Ms, ackP99Ms, threadsMs } = await burst(double, [proc], n, text, 0, shortcuts);
    return { ackP50Ms, ackP99Ms, threadsMs };
  } finally {
    await proc.stop();
  }
}

/**
 * Idle RSS `settleMs` after a daily summary, its chart included, was posted: a bot started with a
 * cron that fires once, 10 s after it starts (a leading seconds field), in UTC.
 */
async function rssAfterSummary(
  double: SlackDouble,
  env: Record<string, string>,
  options: LoadBenchOptions,
  settleMs: number,
): Promise<number> {
  const at = new Date(Date.now() + 10_000);
  const channel = 'C0BENCHSUM';
  const bot = await startReplica(
    botEnv(double, {
      ...env,
      SPEND_SUMMARY_CHANNEL: channel,
      SPEND_SUMMARY_CRON: `${at.getUTCSeconds()} ${at.getUTCMinutes()} ${at.getUTCHours()} * * *`,
      SPEND_SUMMARY_TZ: 'UTC',
    }),
    { appDir: options.appDir },
  );
  try {
    await double.waitFor(
      () => double.files().some((f) => f.channel === channel && f.completed) || undefined,
      60_000,
    );
    await sleep(settleMs);
    return bot.rssMiB();
  } finally {
    await bot.stop();
  }
}

/**
 * 1 — a gateway answering in 2.5 s, one replica: start-up, idle memory, and SLOW_ROUNDS bursts of
 * `slowBurst` commands alternating with the same burst at plain Bolt (bot, plain Bolt, bot, …),
 * their acks pooled. One burst each was too few: plain Bolt's p99 for the same 200 requests moved
 * between 107 and 236 ms from one run to the next on one machine in one hour, with its thread's
 * CPU time moving with it, so a single pair compared the machine's minutes more than the code.
 */
export async function slowPart(
  double: SlackDouble,
  options: LoadBenchOptions,
  closers: (() => Promise<void>)[],
): Promise<BenchResult[]> {
  const slowN = options.slowBurst ?? 200;
  const settleMs = options.settleMs ?? 10_000;
  const text = `${ORDER} ${MERCHANT} type=platform`;
  const slow = await slowGateway(2500);
  closers.push(() => slow.close());
  const one = await startReplica(
    botEnv(double, {
      GATEWAY_BASE_URL: slow.url,
      GATEWAY_TOKEN: `bench-${randomUUID()}`,
      DATABASE_URL: `sqlite:${options.tmpDir}/slow.db`,
    }),
    { appDir: options.appDir },
  );
  closers.push(() => one.stop());
  await sleep(3000);
  const idleRss = one.rssMiB();
  // The reference: a plain Bolt app that only acks (plain-bolt.ts), started by plain node.
  const plain = await startReplica(botEnv(double, {}), {
    script: fileURLToPath(new URL('./plain-bolt.js', import.meta.url)),
  });
  closers.push(() => plain.stop());
  await sleep(3000);
  const plainIdleRss = plain.rssMiB();
  const bot: BurstFigures[] = [];
  const ref: BurstFigures[] = [];
  for (let r = 0; r < SLOW_ROUNDS; r++) {
    bot.push(await burst(double, [one], slowN, text, 90_000, SHORTCUTS_IN_BURST));
    ref.push(await burst(double, [plain], slowN, text, 0, SHORTCUTS_IN_BURST));
  }
  await sleep(settleMs);
  const afterRss = one.rssMiB();
  const plainAfterRss = plain.rssMiB();
  await Promise.all([one.stop(), plain.stop()]);
  const summaryRss = await rssAfterSummary(
    double,
    {
      GATEWAY_BASE_URL: slow.url,
      GATEWAY_TOKEN: `bench-${randomUUID()}`,
      DATABASE_URL: `sqlite:${options.tmpDir}/summary.db`,
    },
    options,
    settleMs,
  );
  // And at a bare HTTP server: what the sender, loopback and Node's HTTP server cost alone.
  const floor = await bareHttp(double, slowN, text, SHORTCUTS_IN_BURST);
  const f = pooled(bot);
  const p = pooled(ref);
  // Each send holds its place until counted (at most COUNTED_WITHIN_MS after it left) + a window.
  const boundS = round((slowN / 10) * ((WINDOW_MS + COUNTED_WITHIN_MS) / 1000) + 2.5);
  const each = (bursts: BurstFigures[], pick: (b: BurstFigures) => unknown) =>
    bursts.map((b) => String(pick(b) ?? '-')).join(' / ');
  return [
    {
      name: 'load: start-up and idle memory (scripts/start.sh, HTTP mode, real gateway URL)',
      figures: {
        readyMs: round(one.readyMs),
        plainBoltReadyMs: round(plain.readyMs),
        readyVsPlainBolt: ratio(one.readyMs, plain.readyMs),
        idleRssMiB: idleRss,
        plainBoltIdleRssMiB: plainIdleRss,
        idleRssVsPlainBolt: ratio(idleRss, plainIdleRss),
        idleRssAfterBurstMiB: afterRss,
        plainBoltIdleRssAfterBurstMiB: plainAfterRss,
        idleRssAfterBurstVsPlainBolt: ratio(afterRss, plainAfterRss),
        idleRssAfterSummaryMiB: summaryRss,
      },
      target: `ready ≤ 1500 ms through scripts/start.sh; idle RSS ≤ 100 MiB, before the bursts, ${settleMs / 1000} s after them and ${settleMs / 1000} s after a daily summary with its chart`,
      met: one.readyMs <= 1500 && idleRss <= 100 && afterRss <= 100 && summaryRss <= 100,
    },
    {
      name: `load: ${slowN} /payorder at once, ${SLOW_ROUNDS} bursts alternating with plain Bolt, gateway answering in 2.5 s`,
      figures: {
        ...f,
        boundS,
        plainBoltAcked: p.acked,
        plainBoltAckP50Ms: p.ackP50Ms,
        plainBoltAckP99Ms: p.ackP99Ms,
        ackP50VsPlainBolt: ratio(f.ackP50Ms, p.ackP50Ms),
        ackP99VsPlainBolt: ratio(f.ackP99Ms, p.ackP99Ms),
        ackP99MsByBurst: each(bot, (b) => b.ackP99Ms),
        plainBoltAckP99MsByBurst: each(ref, (b) => b.ackP99Ms),
        bareHttpAckP50Ms: floor.ackP50Ms,
        bareHttpAckP99Ms: floor.ackP99Ms,
        ackP99VsBareHttp: ratio(f.ackP99Ms, floor.ackP99Ms),
        ackWindowThreadsMs: each(bot, (b) => b.threadsMs),
        plainBoltAckWindowThreadsMs: each(ref, (b) => b.threadsMs),
        bareHttpAckWindowThreadsMs: floor.threadsMs,
      },
      target: `all ${SLOW_ROUNDS} × ${slowN} answered with the order, each burst's last within about ${slowN}/10 s + 2.5 s; ack p99 over the bursts ≤ 100 ms and ≤ ${SLOW_RATIO_GOAL}× plain Bolt's (plain Bolt that only acks: the same bursts, alternating, same run)`,
      met:
        f.answered === SLOW_ROUNDS * slowN &&
        (f.lastAnswerS ?? Infinity) <= (boundS ?? Infinity) &&
        (f.ackP99Ms ?? Infinity) <= 100 &&
        (ratio(f.ackP99Ms, p.ackP99Ms) ?? Infinity) <= SLOW_RATIO_GOAL,
    },
    shortcutEntry(slowN, pooledShortcuts(bot), pooledShortcuts(ref)),
  ];
}

/** Bursts of 200 at the bot, each followed by the same at plain Bolt (slowPart). */
const SLOW_ROUNDS = 3;

/** 37's goal for the 200 at once: ack p99 at most this times plain Bolt's in the same run. */
const SLOW_RATIO_GOAL = 0.8;

/** Bursts pooled: acks over all of them, answers counted, the slowest last answer. */
function pooled(bursts: readonly BurstFigures[]) {
  const ms = bursts.flatMap((b) => b.acksMs);
  const last = bursts.map((b) => b.lastAnswerS);
  return {
    acked: bursts.reduce((s, b) => s + b.acked, 0),
    ackP50Ms: round(percentile(ms, 0.5)),
    ackP99Ms: round(percentile(ms, 0.99)),
    answered: bursts.reduce((s, b) => s + b.answered, 0),
    lastAnswerS: last.every((x) => x !== null) ? Math.max(...(last as number[])) : null,
  };
}

/** The message shortcuts of several bursts, pooled: their modals' opening times together. */
function pooledShortcuts(bursts: readonly BurstFigures[]): ShortcutFigures | undefined {
  const each = bursts.flatMap((b) => (b.shortcut ? [b.shortcut] : []));
  if (each.length === 0) return undefined;
  const ms = each.flatMap((x) => x.openMs);
  return {
    shortcuts: each.reduce((sum, x) => sum + x.shortcuts, 0),
    opened: each.reduce((sum, x) => sum + x.opened, 0),
    openP50Ms: round(percentile(ms, 0.5)),
    openMaxMs: ms.length ? round(Math.max(...ms)) : null,
    openMs: ms,
  };
}

/**
 * Each replica's ack p99 over the bursts, as "a / b / c" ms: a tail that is one replica's (a
 * process stalled) reads apart from one shared by all (the machine).
 */
function p99ByReplica(bursts: readonly BurstFigures[]): string {
  const replicas = bursts[0]?.acksMsByReplica.length ?? 0;
  return Array.from({ length: replicas }, (_, i) =>
    round(
      percentile(
        bursts.flatMap((b) => b.acksMsByReplica[i] ?? []),
        0.99,
      ),
    ),
  ).join(' / ');
}

/** The message shortcut's modal, opened while the bot takes the 200-command burst. */
function shortcutEntry(
  n: number,
  bot: ShortcutFigures | undefined,
  plain: ShortcutFigures | undefined,
): BenchResult {
  const count = bot?.shortcuts ?? SLOW_ROUNDS * SHORTCUTS_IN_BURST;
  return {
    name: `load: the message shortcut's modal under ${n} /payorder at once, ${SLOW_ROUNDS} bursts`,
    figures: {
      shortcuts: count,
      opened: bot?.opened ?? 0,
      openP50Ms: bot?.openP50Ms ?? null,
      openMaxMs: bot?.openMaxMs ?? null,
      plainBoltOpened: plain?.opened ?? 0,
      plainBoltOpenP50Ms: plain?.openP50Ms ?? null,
      plainBoltOpenMaxMs: plain?.openMaxMs ?? null,
      openMaxVsPlainBolt: ratio(bot?.openMaxMs ?? null, plain?.openMaxMs ?? null),
    },
    target: `all ${count} "Look up in querydesk" modals opened (views.open at the Slack double, which refuses a trigger_id older than 3 s), each within 3000 ms of its burst's start (plain Bolt opening a one-block modal: the same bursts, same run)`,
    met: (bot?.opened ?? 0) === count && (bot?.openMaxMs ?? Infinity) <= 3000,
  };
}

/**
 * 2 — bursts at the sandbox at full speed on `env.length` replicas, alternating with the same
 * burst at as many plain Bolt processes (bot, plain Bolt, bot, plain Bolt), so both meet the
 * machine in the same minutes.
 */
async function fastBurst(
  double: SlackDouble,
  sandbox: SandboxProcess,
  options: LoadBenchOptions,
  label: string,
  env: Record<string, string>[],
): Promise<BenchResult> {
  // 37's goals: no slower than 0.8× plain Bolt on one replica, 1× on as many plain Bolts.
  const ratioGoal = env.length === 1 ? 0.8 : 1;
  const fastN = options.fastBurst ?? 300;
  const rounds = 2;
  const settleMs = options.settleMs ?? 10_000;
  const replicas: ReplicaProcess[] = [];
  const plain: ReplicaProcess[] = [];
  const bot: BurstFigures[] = [];
  const ref: BurstFigures[] = [];
  let afterRss: number;
  let plainAfterRss: number;
  const x = SANDBOX_EXAMPLES.payOrder;
  const text = `${x.paid.orderNumber} ${x.merchantNum} type=platform`;
  const script = fileURLToPath(new URL('./plain-bolt.js', import.meta.url));
  try {
    for (const e of env) replicas.push(await startReplica(e, { appDir: options.appDir }));
    for (const _ of env) plain.push(await startReplica(botEnv(double, {}), { script }));
    for (let r = 0; r < rounds; r++) {
      bot.push(await burst(double, replicas, fastN, text, 120_000));
      ref.push(await burst(double, plain, fastN, text, 0));
    }
    await sleep(settleMs);
    afterRss = Math.max(...replicas.map((r) => r.rssMiB()));
    plainAfterRss = Math.max(...plain.map((r) => r.rssMiB()));
  } finally {
    await Promise.all([...replicas, ...plain].map((r) => r.stop()));
  }
  // Each bot burst's requests (its warm-up came before it; plain Bolt calls no gateway).
  const all = await sandbox.requests();
  const per = bot.map((b, i) =>
    all.filter(
      (r) => r.op === 'payOrder' && r.at >= b.startedAt && r.at < (ref[i]?.startedAt ?? Infinity),
    ),
  );
  const seen = per.flat();
  const rateLimited = seen.filter((r) => r.code === 202).length;
  const most = Math.max(
    ...per.map((rs) =>
      windowMax(
        rs.map((r) => r.at),
        1000,
      ),
    ),
  );
  // The slower burst's rate: each burst's requests over its own span.
  const rate = Math.min(
    ...per.map((rs) => {
      const at = rs.map((r) => r.at);
      return (rs.length - 1) / ((Math.max(...at) - Math.min(...at)) / 1000);
    }),
  );
  const f = pooled(bot);
  const p = pooled(ref);
  return {
    name: `load: ${fastN} /payorder at once, ${rounds} bursts alternating with plain Bolt, sandbox at full speed, ${label}`,
    figures: {
      ...f,
      plainBoltAcked: p.acked,
      plainBoltAckP50Ms: p.ackP50Ms,
      plainBoltAckP99Ms: p.ackP99Ms,
      ackP50VsPlainBolt: ratio(f.ackP50Ms, p.ackP50Ms),
      ackP99VsPlainBolt: ratio(f.ackP99Ms, p.ackP99Ms),
      ...(env.length > 1
        ? { ackP99MsByReplica: p99ByReplica(bot), plainBoltAckP99MsByReplica: p99ByReplica(ref) }
        : {}),
      gatewayRequests: seen.length,
      mostInAnySecond: most,
      answers202: rateLimited,
      requestsPerS: round(rate),
      idleRssAfterBurstMiB: afterRss,
      plainBoltIdleRssAfterBurstMiB: plainAfterRss,
      idleRssAfterBurstVsPlainBolt: ratio(afterRss, plainAfterRss),
    },
    target: `all ${rounds} × ${fastN} answered; ack p99 ≤ ${ratioGoal}× plain Bolt's; ≤ 10 in any 1 s at the sandbox; 0 rate-limited (202); ≥ 9.5 requests/s in each burst; idle RSS ≤ 100 MiB ${settleMs / 1000} s after`,
    met:
      f.answered === rounds * fastN &&
      (ratio(f.ackP99Ms, p.ackP99Ms) ?? Infinity) <= ratioGoal &&
      most <= 10 &&
      rateLimited === 0 &&
      rate >= 9.5 &&
      afterRss <= 100,
  };
}

/**
 * The load figures, each replica started by scripts/start.sh as production starts it, each beside
 * plain Bolt answering the same burst in the same run: idle memory and time to ready; 200
 * commands at once against a gateway answering in 2.5 s; 300 at once against the sandbox at full
 * speed on one replica (SQLite) and on three (PostgreSQL + Redis); idle memory after each burst.
 */
export async function loadBench(options: LoadBenchOptions): Promise<BenchResult[]> {
  const n = options.replicas ?? 3;
  const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379';
  const double = await startSlackDouble();
  const closers: (() => Promise<void>)[] = [() => double.close()];
  try {
    const results = await slowPart(double, options, closers);
    const sandbox = await sandboxProcess();
    closers.push(() => sandbox.close());
    // A token of this run's own: its Redis keys are shared with no other run.
    const common = { GATEWAY_BASE_URL: sandbox.url, GATEWAY_TOKEN: `bench-${randomUUID()}` };
    results.push(
      await fastBurst(double, sandbox, options, '1 replica', [
        botEnv(double, { ...common, DATABASE_URL: `sqlite:${options.tmpDir}/fast.db` }),
      ]),
    );
    const db = await ownDatabase();
    closers.push(() => db.drop());
    results.push(
      await fastBurst(
        double,
        sandbox,
        options,
        `${n} replicas (PostgreSQL + Redis)`,
        Array.from({ length: n }, () =>
          botEnv(double, {
            ...common,
            DATABASE_URL: db.url,
            REDIS_URL: redisUrl,
            REPLICAS: String(n),
          }),
        ),
      ),
    );
    return results;
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}
