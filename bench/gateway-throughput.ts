import { createGatewayClient, type GatewayClient } from '../src/gateway/client.js';
import {
  createLimiter,
  GATEWAY_RATE_PER_SECOND,
  type Job,
  type OperationLimiter,
  type ScheduleOptions,
} from '../src/gateway/limiter.js';
import type { OperationName } from '../src/gateway/operation.js';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../src/sandbox/index.js';
import type { BenchResult, Figure } from './report.js';
import { silentLogger } from './silent.js';
import { minGap, round, spread, windowMax } from './stats.js';

export interface GatewayThroughputOptions {
  /** Calls per operation in each phase. Default 50. */
  calls?: number;
}

type BenchOp = Extract<OperationName, 'payOrder' | 'accountData'>;

const X = SANDBOX_EXAMPLES;
const CTX = { token: X.token, workspaceId: 'T0BENCH' };

function callOnce(client: GatewayClient, op: BenchOp) {
  return op === 'payOrder'
    ? client.call(
        'payOrder',
        {
          orderNumber: X.payOrder.paid.orderNumber,
          merchantNum: X.payOrder.merchantNum,
          kind: 'platform',
        },
        CTX,
      )
    : client.call('accountData', { mediaMark: X.account.mediaMark }, CTX);
}

/** The real limiter, also timing each HTTP exchange it lets through (the queue wait left out). */
function timedLimiter(inner: OperationLimiter, roundTrips: Map<OperationName, number[]>) {
  return {
    schedule: <T>(o: ScheduleOptions, fn: Job<T>) =>
      inner.schedule(o, async (sent) => {
        const t0 = performance.now();
        try {
          return await fn(sent);
        } finally {
          roundTrips.set(o.op, [...(roundTrips.get(o.op) ?? []), performance.now() - t0]);
        }
      }),
    depth: (op: OperationName) => inner.depth(op),
    state: () => inner.state(),
    forget: (token: string) => inner.forget(token),
    size: () => inner.size(),
    close: () => inner.close(),
  } satisfies OperationLimiter;
}

interface OpFigures {
  calls: number;
  failures: number;
  elapsedMs: number;
  latencies: number[];
  arrivals: number[];
  http429: number;
}

/** `calls` of each op fired at once; per op: caller-seen latencies and sandbox arrival times. */
async function phase(
  sandbox: Sandbox,
  client: GatewayClient,
  ops: BenchOp[],
  calls: number,
): Promise<Map<BenchOp, OpFigures>> {
  const seen = sandbox.requests().length;
  const t0 = performance.now();
  const runs = ops.map(async (op) => {
    const latencies: number[] = [];
    let failures = 0;
    let lastEnd = t0;
    await Promise.all(
      Array.from({ length: calls }, async () => {
        const start = performance.now();
        try {
          await callOnce(client, op);
        } catch {
          failures++;
        }
        lastEnd = Math.max(lastEnd, performance.now());
        latencies.push(performance.now() - start);
      }),
    );
    return { op, latencies, failures, elapsedMs: lastEnd - t0 };
  });
  const done = await Promise.all(runs);
  const requests = sandbox.requests().slice(seen);
  return new Map(
    done.map((d) => {
      const mine = requests.filter((r) => r.op === d.op);
      return [
        d.op,
        {
          calls,
          failures: d.failures,
          elapsedMs: d.elapsedMs,
          latencies: d.latencies,
          arrivals: mine.map((r) => r.at),
          http429: mine.filter((r) => r.httpStatus === 429).length,
        },
      ];
    }),
  );
}

/** What the two-operation phase reports per operation (the full set would double the table). */
const PAIR_FIGURES = new Set([
  'failures',
  'callsPerSec',
  'arrivalsPerSecAtSandbox',
  'maxArrivalsIn1s',
  'latencyP95Ms',
  'roundTripP95Ms',
]);

function figuresOf(f: OpFigures, roundTrips: number[], prefix = ''): Record<string, Figure> {
  const latency = spread(f.latencies);
  const rt = spread(roundTrips);
  const first = Math.min(...f.arrivals);
  const last = Math.max(...f.arrivals);
  const all: Record<string, Figure> = {
    calls: f.calls,
    failures: f.failures,
    elapsedMs: round(f.elapsedMs),
    callsPerSec: round((f.calls * 1000) / f.elapsedMs),
    arrivalsPerSecAtSandbox: round(((f.arrivals.length - 1) * 1000) / (last - first)),
    maxArrivalsIn1s: windowMax(f.arrivals, 1000),
    minArrivalGapMs: round(minGap(f.arrivals)),
    http429: f.http429,
    latencyP50Ms: round(latency.p50),
    latencyP95Ms: round(latency.p95),
    roundTripP50Ms: round(rt.p50),
    roundTripP95Ms: round(rt.p95),
  };
  if (!prefix) return all;
  return Object.fromEntries(
    Object.entries(all)
      .filter(([name]) => PAIR_FIGURES.has(name))
      .map(([name, v]) => [`${prefix}${name[0]?.toUpperCase()}${name.slice(1)}`, v]),
  );
}

const withinLimit = (f: OpFigures) =>
  f.failures === 0 && f.http429 === 0 && windowMax(f.arrivals, 1000) <= GATEWAY_RATE_PER_SECOND;

/**
 * Benchmark 1: the shared gateway client against the embedded sandbox. All calls are issued at
 * once, so the per-operation limiter alone decides the pace; the sandbox's arrival log says what
 * the gateway would have seen. Latency is what a caller waits (queue included); round trip is one
 * HTTP exchange.
 */
export async function gatewayThroughput(
  options: GatewayThroughputOptions = {},
): Promise<BenchResult[]> {
  const calls = options.calls ?? 50;
  const sandbox = await startSandbox();
  const roundTrips = new Map<OperationName, number[]>();
  const client = createGatewayClient({
    baseUrl: sandbox.url,
    logger: silentLogger(),
    timeZone: 'Asia/Shanghai',
    sandbox: true,
    limiter: timedLimiter(createLimiter(), roundTrips),
    // No retries: a refused call must show up as a failure, not as a slower success.
    retry: { attempts: 1 },
  });
  const target = `≤ ${GATEWAY_RATE_PER_SECOND} arrivals per operation in any 1 s at the sandbox, no 429, no failure (≈ 9.9/s at most: a 1000 ms window from each answer)`;
  try {
    const single = await phase(sandbox, client, ['payOrder'], calls);
    const one = single.get('payOrder')!;
    const firstTrips = roundTrips.get('payOrder') ?? [];
    roundTrips.clear();
    const both = await phase(sandbox, client, ['payOrder', 'accountData'], calls);
    const pay = both.get('payOrder')!;
    const account = both.get('accountData')!;
    return [
      {
        name: `gateway: ${calls} calls of one operation (payOrder)`,
        figures: figuresOf(one, firstTrips),
        target,
        met: withinLimit(one),
      },
      {
        name: `gateway: two operations at once (${calls} payOrder + ${calls} accountData)`,
        figures: {
          ...figuresOf(pay, roundTrips.get('payOrder') ?? [], 'payOrder'),
          ...figuresOf(account, roundTrips.get('accountData') ?? [], 'accountData'),
        },
        target,
        met: withinLimit(pay) && withinLimit(account),
      },
    ];
  } finally {
    await client.close();
    await sandbox.close();
  }
}
