import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../src/slack-double/index.js';
import type { BurstReply, BurstRequest } from './burst-client.js';
import { type ReplicaProcess, startReplica } from './replica-process.js';
import type { BenchResult } from './report.js';
import { sandboxProcess } from './sandbox-process.js';
import { percentile, round, windowMax } from './stats.js';

const ORDER = 'P20260101000001';
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
  const t0 = performance.now();
  const startedAt = Date.now();
  const acks = (
    await Promise.all(senders.map((send, i) => send(replicas[i]!.events, requests[i]!)))
  ).flat();
  if (waitMs > 0) {
    await double.waitFor(() => answered.size >= n || undefined, waitMs).catch(() => undefined);
  }
  off();
  const ms = acks.map((a) => a.ms);
  return {
    acked: acks.filter((a) => a.status === 200).length,
    ackP50Ms: round(percentile(ms, 0.5)),
    ackP99Ms: round(percentile(ms, 0.99)),
    answered: answered.size,
    lastAnswerS: answered.size ? round((Math.max(...answered.values()) - t0) / 1000) : null,
    startedAt,
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
}

/**
 * The load figures, each replica started by scripts/start.sh as production starts it: idle memory and time to
 * ready; 200 commands at once against a gateway answering in 2.5 s; 300 at once against the
 * sandbox at full speed on one replica (SQLite) and on three (PostgreSQL + Redis).
 */
export async function loadBench(options: LoadBenchOptions): Promise<BenchResult[]> {
  const slowN = options.slowBurst ?? 200;
  const fastN = options.fastBurst ?? 300;
  const n = options.replicas ?? 3;
  const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379';
  const results: BenchResult[] = [];
  const double = await startSlackDouble();
  const closers: (() => Promise<void>)[] = [() => double.close()];
  try {
    // 1 — a 2.5 s gateway, one replica.
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
    await new Promise((r) => setTimeout(r, 3000));
    const idleRss = one.rssMiB();
    results.push({
      name: 'load: start-up and idle memory (scripts/start.sh, HTTP mode, real gateway URL)',
      figures: { readyMs: round(one.readyMs), idleRssMiB: idleRss },
      target: 'ready ≤ 1500 ms through scripts/start.sh; idle RSS ≤ 100 MiB',
      met: one.readyMs <= 1500 && idleRss <= 100,
    });
    const { startedAt: _, ...s } = await burst(
      double,
      [one],
      slowN,
      `${ORDER} ${MERCHANT} type=platform`,
      90_000,
    );
    const boundS = round((slowN / 10) * 1.05 + 2.5);
    results.push({
      name: `load: ${slowN} /payorder at once, gateway answering in 2.5 s`,
      figures: { ...s, boundS },
      target: `all ${slowN} answered with the order, last within about ${slowN}/10 s + 2.5 s; ack p99 ≤ 100 ms`,
      met: s.answered === slowN && (s.ackP99Ms ?? Infinity) <= 100,
    });
    await one.stop();

    // The same burst at a plain Bolt app that only acks: what Bolt and this machine cost alone.
    const plain = await startReplica(botEnv(double, {}), {
      script: fileURLToPath(new URL('./plain-bolt.js', import.meta.url)),
    });
    closers.push(() => plain.stop());
    const ref = await burst(double, [plain], slowN, `${ORDER} ${MERCHANT} type=platform`, 0);
    await plain.stop();
    results.push({
      name: `load: reference, a plain Bolt app that only acks, ${slowN} at once`,
      figures: { acked: ref.acked, ackP50Ms: ref.ackP50Ms, ackP99Ms: ref.ackP99Ms },
      target: 'none: the same sender and machine, for comparison with the ack times above',
      met: ref.acked === slowN,
    });

    // 2 — the sandbox at full speed, one replica then n replicas sharing PostgreSQL and Redis.
    const sandbox = await sandboxProcess();
    closers.push(() => sandbox.close());
    const fast = async (label: string, env: Record<string, string>[]) => {
      const replicas: ReplicaProcess[] = [];
      for (const e of env) {
        replicas.push(await startReplica(e, { appDir: options.appDir }));
      }
      const from = (await sandbox.requests()).length;
      const x = SANDBOX_EXAMPLES.payOrder;
      const text = `${x.paid.orderNumber} ${x.merchantNum} type=platform`;
      const { startedAt, ...f } = await burst(double, replicas, fastN, text, 120_000);
      await Promise.all(replicas.map((r) => r.stop()));
      // The burst's requests only (the warm-up came before it).
      const seen = (await sandbox.requests())
        .slice(from)
        .filter((r) => r.op === 'payOrder' && r.at >= startedAt);
      const at = seen.map((r) => r.at);
      const spanS = (Math.max(...at) - Math.min(...at)) / 1000;
      const rateLimited = seen.filter((r) => r.code === 202).length;
      const most = windowMax(at, 1000);
      results.push({
        name: `load: ${fastN} /payorder at once, sandbox at full speed, ${label}`,
        figures: {
          ...f,
          gatewayRequests: seen.length,
          mostInAnySecond: most,
          answers202: rateLimited,
          requestsPerS: round((seen.length - 1) / spanS),
        },
        target: `all ${fastN} answered; ≤ 10 in any 1 s at the sandbox; 0 rate-limited (202); ≥ 9.5 requests/s`,
        met:
          f.answered === fastN &&
          most <= 10 &&
          rateLimited === 0 &&
          (seen.length - 1) / spanS >= 9.5,
      });
    };
    // A token of this run's own: its Redis keys are shared with no other run.
    const common = { GATEWAY_BASE_URL: sandbox.url, GATEWAY_TOKEN: `bench-${randomUUID()}` };
    await fast('1 replica', [
      botEnv(double, { ...common, DATABASE_URL: `sqlite:${options.tmpDir}/fast.db` }),
    ]);
    const db = await ownDatabase();
    closers.push(() => db.drop());
    await fast(
      `${n} replicas (PostgreSQL + Redis)`,
      Array.from({ length: n }, () =>
        botEnv(double, {
          ...common,
          DATABASE_URL: db.url,
          REDIS_URL: redisUrl,
          REPLICAS: String(n),
        }),
      ),
    );
    return results;
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}
