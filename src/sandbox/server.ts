import { createServer } from 'node:http';
import { resolveCharges } from './charges.js';
import { UNAUTHORIZED_SHOPS, UNAUTHORIZED_USERS } from './examples.js';
import { createFaultInjector } from './faults.js';
import { createLedger } from './ledger.js';
import { createLiveOrders } from './live-orders.js';
import { createLiveShopOrders } from './live-shop-orders.js';
import { createQrSessions } from './qr-sessions.js';
import { createRateLimiter } from './rate-limiter.js';
import { type Reply, route } from './router.js';
import { seedWorld } from './seed/world.js';
import type { RequestRecord, Sandbox, SandboxOptions } from './types.js';

export const DEFAULT_SEED = 1;
export const DEFAULT_QR_EXPIRE_AFTER_MS = 120_000;
/** A live order is paid this long after it is first looked up… */
export const DEFAULT_ORDER_PAY_AFTER_MS = 20_000;
/** …and the "late-callback" one called back this long after payment (past the 5-min alert). */
export const DEFAULT_ORDER_CALLBACK_AFTER_MS = 360_000;

function systemError(clock: () => number): Reply {
  const now = clock();
  return {
    httpStatus: 200,
    headers: {},
    envelope: { code: 200, msec: 0, msg: 'system error', time: Math.floor(now / 1000), data: '' },
  };
}

/** Starts the sandbox gateway on loopback; resolves once it is listening. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? Date.now;
  const charges = resolveCharges(options.charges);
  const seed = options.seed ?? DEFAULT_SEED;
  const world = seedWorld(seed, options.anchor ?? clock(), options.extraShopOwnerIds);
  const sessions = createQrSessions({
    seed,
    scanAfterMs: options.qrScanAfterMs,
    expireAfterMs: options.qrExpireAfterMs ?? DEFAULT_QR_EXPIRE_AFTER_MS,
  });
  const liveOrders = createLiveOrders({
    payAfterMs: options.orderPayAfterMs ?? DEFAULT_ORDER_PAY_AFTER_MS,
    callbackAfterMs: options.orderCallbackAfterMs ?? DEFAULT_ORDER_CALLBACK_AFTER_MS,
    now: clock(),
    extraWaiting: options.extraWaitingOrders,
  });
  const liveShopOrders = createLiveShopOrders({
    seed,
    ownerIds: [...world.shops.keys()],
    startedAt: clock(),
    everyMs: options.shopOrderEveryMs,
  });
  const ledger = createLedger();
  const log: RequestRecord[] = [];
  const unauthorizedShops = new Set([...UNAUTHORIZED_SHOPS, ...(options.unauthorizedShops ?? [])]);
  const unauthorizedUsers = new Set([...UNAUTHORIZED_USERS, ...(options.unauthorizedUsers ?? [])]);
  const deps = {
    clock,
    ledger,
    limiter: createRateLimiter(options.rateLimitPerSecond ?? 10),
    tokens: options.tokens ? new Set(options.tokens) : undefined,
    log: (r: RequestRecord) => log.push(r),
    context: (now: number) => ({
      world,
      sessions,
      liveOrders,
      liveShopOrders,
      charges,
      now,
      unauthorizedShops,
      unauthorizedUsers,
    }),
  };

  const faults = createFaultInjector(options.faults);
  const server = createServer((req, res) => {
    const fault = faults.draw();
    if (fault) {
      faults.apply(fault, req, res, Math.floor(clock() / 1000));
      return;
    }
    route(req, deps)
      .catch(() => systemError(clock))
      .then((reply) => {
        const body = JSON.stringify(reply.envelope);
        res.writeHead(reply.httpStatus, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          ...reply.headers,
        });
        res.end(body);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address();
  if (bound === null || typeof bound === 'string') throw new Error('sandbox is not on a TCP port');
  const { port, address } = bound;
  const host = address.includes(':') ? `[${address}]` : address;

  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
    ledger: () => ledger.snapshot(),
    requests: () => log.map((r) => ({ ...r })),
    simulateScan: (id) => sessions.simulateScan(id, clock()),
    simulateExpire: (id) => sessions.simulateExpire(id, clock()),
    sessions: () => sessions.list(clock()),
    moveOrder: (orderNumber, move) => liveOrders.move(orderNumber, move, clock()),
    liveOrders: () => liveOrders.list(clock()),
    addShopOrders: (ownerId, count) => liveShopOrders.add(ownerId, count, clock()),
    setFaults: (next) => faults.set(next),
    faults: () => faults.counts(),
  };
}
