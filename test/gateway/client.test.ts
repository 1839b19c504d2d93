import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChargeEvent, createGatewayClient } from '../../src/gateway/client.js';
import {
  GatewayApiError,
  GatewayBusyError,
  GatewayInputError,
  GatewayTransportError,
} from '../../src/gateway/errors.js';
import { createLimiter } from '../../src/gateway/limiter.js';
import { captureLogger } from '../fakes/log-capture.js';

const BASE = 'http://gateway.test';
const PAY_PATH = '/papi/tool/accounts/merchant-order-detail';
const TOKEN = 'secret-token-123';
const ctx = { token: TOKEN, workspaceId: 'T1', userId: 'U1', channelId: 'C1' };
const input = { orderNumber: 'P100', merchantNum: 'M1', kind: 'platform' as const };

const order = {
  merchant_num: 'M1',
  merchant_name: 'Tea House',
  order_number: 'P100',
  relation_order_number: 'R100',
  order_price: 1250,
  order_realy_price: '1200',
  order_status: '1',
  order_type: 2,
  order_notify_status: 1,
  order_pay_at: '2024-05-01 10:00:00',
  created_at: '2024-05-01T01:59:00.123456Z',
  order_title: 'Green tea',
  withholding_money: 0,
  some_new_field: { nested: true },
};

function envelope(code: number, data: unknown, msg = code === 0 ? 'ok' : 'failed') {
  return { code, msec: 12, msg, time: 1714528800, data };
}

function setup(opts: { charges?: ChargeEvent[] } = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(BASE);
  const delays: number[] = [];
  const charges = opts.charges ?? [];
  const log = captureLogger();
  const client = createGatewayClient({
    baseUrl: BASE,
    logger: log.logger,
    timeZone: 'Asia/Shanghai',
    dispatcher: agent,
    limiter: createLimiter({ limit: 1_000_000 }),
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    onCharge: (e) => {
      charges.push(e);
    },
    timeouts: { connectMs: 200, headersMs: 200, bodyMs: 200 },
  });
  return { agent, pool, client, delays, charges, log };
}

type Setup = ReturnType<typeof setup>;
let current: Setup | undefined;
afterEach(async () => {
  await current?.client.close();
  await current?.agent.close();
  current = undefined;
});

function replyPay(s: Setup, status: number, body: unknown, headers: Record<string, string> = {}) {
  s.pool
    .intercept({ path: (p) => p.startsWith(PAY_PATH), method: 'GET' })
    .reply(status, typeof body === 'string' ? body : JSON.stringify(body), {
      headers: { 'content-type': 'application/json', ...headers },
    });
}

describe('gateway client: payment order answers in every documented form', () => {
  it('normalises a single-object answer, sends the bearer token and query, and reports the charge once', async () => {
    current = setup();
    let seen: { path: string; auth: unknown } | undefined;
    current.pool.intercept({ path: (p) => p.startsWith(PAY_PATH), method: 'GET' }).reply((opts) => {
      seen = {
        path: String(opts.path),
        auth: (opts.headers as Record<string, string>).authorization,
      };
      return { statusCode: 200, data: JSON.stringify(envelope(0, order)) };
    });

    const answer = await current.client.call('payOrder', input, ctx);

    expect(seen?.auth).toBe(`Bearer ${TOKEN}`);
    expect(new URL(seen!.path, BASE).searchParams.get('type')).toBe('2');
    expect(new URL(seen!.path, BASE).searchParams.get('order_number')).toBe('P100');
    expect(answer.data).toMatchObject({
      orderNumber: 'P100',
      relationOrderNumber: 'R100',
      orderPriceFen: 1250,
      paidFen: 1200,
      status: 1,
      orderType: 2,
      notified: true,
    });
    expect(answer.data.paidAt?.toISOString()).toBe('2024-05-01T02:00:00.000Z');
    expect(answer.data.createdAt?.toISOString()).toBe('2024-05-01T01:59:00.123Z');
    expect(answer.attempts).toBe(1);
    expect(current.charges).toEqual([
      expect.objectContaining({
        operation: 'payOrder',
        points: 0,
        kind: 'charge',
        gatewayCode: 0,
        workspaceId: 'T1',
        requestId: answer.requestId,
      }),
    ]);
    expect(current.log.text()).not.toContain(TOKEN);
    expect(current.log.lines()).toContainEqual(
      expect.objectContaining({ msg: 'gateway call', op: 'payOrder', code: 0, attempt: 1 }),
    );
  });

  it('reads a one-element array the same way as an object', async () => {
    current = setup();
    replyPay(current, 200, envelope(0, [{ ...order, order_pay_at: null, order_status: 0 }]));
    const answer = await current.client.call('payOrder', input, ctx);
    expect(answer.data.orderNumber).toBe('P100');
    expect(answer.data.paidAt).toBeUndefined();
    expect(answer.data.status).toBe(0);
  });

  it('turns a code-100 failure with empty-string data into a parameter error, without retrying', async () => {
    current = setup();
    replyPay(current, 200, envelope(100, '', 'order not found'));
    const err = await current.client.call('payOrder', input, ctx).catch((e) => e);
    expect(err).toBeInstanceOf(GatewayApiError);
    expect(err).toMatchObject({
      code: 100,
      reason: 'param',
      retryable: false,
      meaning: 'Request parameter error',
    });
    expect(current.delays).toEqual([]);
    expect(current.charges).toHaveLength(1);
  });
});

describe('gateway client: long ids', () => {
  it('keeps every digit of an order number sent as a bare JSON number beyond 2^53', async () => {
    current = setup();
    const body = JSON.stringify(envelope(0, { ...order, order_number: 'BIG' })).replace(
      '"BIG"',
      '4200000000010011123',
    );
    replyPay(current, 200, body);
    const answer = await current.client.call('payOrder', input, ctx);
    expect(answer.data.orderNumber).toBe('4200000000010011123');
  });
});

describe('gateway client: error codes', () => {
  it.each([
    [100, 'param', false],
    [101, 'timeout', true],
    [103, 'account-missing', false],
    [200, 'system', false],
    [202, 'system-busy', true],
    [203, 'unsupported', false],
    [401, 'credential', false],
    [404, 'not-found', false],
    [999, 'unknown', false],
  ])('code %i is %s (retryable: %s)', async (code, reason, retryable) => {
    current = setup();
    for (let i = 0; i < 3; i++) replyPay(current, 200, envelope(code, ''));
    const err = await current.client.call('payOrder', input, ctx).catch((e) => e);
    expect(err).toBeInstanceOf(GatewayApiError);
    expect(err).toMatchObject({ code, reason, retryable });
    expect(err.meaning.length).toBeGreaterThan(5);
    expect(err.remedy.length).toBeGreaterThan(3);
    // Retryable codes are tried three times in all; the others once.
    expect(current.delays).toHaveLength(retryable ? 2 : 0);
  });

  it('tells the two meanings of 204 apart by the message', async () => {
    current = setup();
    replyPay(current, 200, envelope(204, '', 'No permission for this interface'));
    replyPay(current, 200, envelope(204, '', 'Not enough API call count'));
    const first = await current.client.call('payOrder', input, ctx).catch((e) => e);
    const second = await current.client.call('payOrder', input, ctx).catch((e) => e);
    expect(first).toMatchObject({ code: 204, reason: 'no-permission' });
    expect(second).toMatchObject({ code: 204, reason: 'quota' });
    expect(second.remedy).toMatch(/top up/i);
  });

  it('carries the authorization link of a 302', async () => {
    current = setup();
    replyPay(
      current,
      200,
      envelope(302, { url: 'https://auth.example/scan?shop=9' }, 'shop not authorized'),
    );
    const err = await current.client.call('payOrder', input, ctx).catch((e) => e);
    expect(err).toMatchObject({
      code: 302,
      reason: 'unauthorized-shop',
      authUrl: 'https://auth.example/scan?shop=9',
    });
  });

  it('reports the charge an error answer still carries', async () => {
    current = setup();
    replyPay(current, 200, envelope(200, { withholding_money: 3 }));
    const err = await current.client.call('payOrder', input, ctx).catch((e) => e);
    expect(err.charged).toBe(3);
    expect(current.charges).toEqual([
      expect.objectContaining({ points: 3, kind: 'charge', gatewayCode: 200 }),
    ]);
  });
});

describe('gateway client: retries', () => {
  it('retries 202 and succeeds on the second try, reporting each answer once', async () => {
    current = setup();
    replyPay(current, 200, envelope(202, { withholding_money: 1 }));
    replyPay(current, 200, envelope(0, { ...order, withholding_money: 2 }));
    const answer = await current.client.call('payOrder', input, ctx);
    expect(answer.attempts).toBe(2);
    expect(current.charges.map((c) => [c.gatewayCode, c.points])).toEqual([
      [202, 1],
      [0, 2],
    ]);
    // full jitter: random 0.5 × base 250 ms
    expect(current.delays).toEqual([125]);
  });

  it('honours Retry-After on HTTP 429', async () => {
    current = setup();
    replyPay(current, 429, 'slow down', { 'retry-after': '2' });
    replyPay(current, 200, envelope(0, order));
    const answer = await current.client.call('payOrder', input, ctx);
    expect(answer.attempts).toBe(2);
    expect(current.delays).toEqual([2000]);
  });

  it('does not wait for a Retry-After beyond its bound: the rate-limit error surfaces', async () => {
    current = setup();
    replyPay(current, 429, 'slow down', { 'retry-after': '120' });
    const err = await current.client.call('payOrder', input, ctx).catch((e) => e);
    expect(err).toBeInstanceOf(GatewayTransportError);
    expect(err).toMatchObject({ kind: 'rate-limited', retryAfterSec: 120 });
    expect(current.delays).toEqual([]);
  });

  it('gives up after three attempts on HTTP 5xx, with growing backoff', async () => {
    current = setup();
    for (let i = 0; i < 3; i++) replyPay(current, 503, '<html>down</html>');
    const err = await current.client.call('payOrder', input, ctx).catch((e) => e);
    expect(err).toMatchObject({ kind: 'http', httpStatus: 503, retryable: true });
    expect(current.delays).toEqual([125, 250]);
    expect(current.log.lines().filter((l) => l.msg === 'gateway call failed')).toHaveLength(1);
  });

  it('retries a timeout (real loopback server that answers too late) and reports it as its own type', async () => {
    let hits = 0;
    const server = createHttpServer((_req, res) => {
      hits++;
      setTimeout(() => res.end(JSON.stringify(envelope(0, order))), 400);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const delays: number[] = [];
    const client = createGatewayClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      logger: captureLogger().logger,
      timeZone: 'UTC',
      timeouts: { connectMs: 200, headersMs: 100, bodyMs: 100 },
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    const err = await client.call('payOrder', input, ctx).catch((e) => e);
    await client.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    expect(err).toBeInstanceOf(GatewayTransportError);
    expect(err.kind).toBe('timeout');
    expect(hits).toBe(3);
    expect(delays).toHaveLength(2);
  });

  it('retries a connection reset', async () => {
    current = setup();
    current.pool
      .intercept({ path: (p) => p.startsWith(PAY_PATH), method: 'GET' })
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    replyPay(current, 200, envelope(0, order));
    const answer = await current.client.call('payOrder', input, ctx);
    expect(answer.attempts).toBe(2);
  });

  it('never retries 401, 302 or 404', async () => {
    for (const code of [401, 302, 404]) {
      current = setup();
      replyPay(current, 200, envelope(code, ''));
      await expect(current.client.call('payOrder', input, ctx)).rejects.toBeInstanceOf(
        GatewayApiError,
      );
      expect(current.delays).toEqual([]);
      await current.client.close();
      await current.agent.close();
    }
    current = undefined;
  });
});

describe('gateway client: unreadable answers', () => {
  it('keeps a non-JSON body for the log, not in the error message', async () => {
    current = setup();
    replyPay(current, 200, 'Internal <b>oops</b> stack at Foo.bar, caller 13800138001');
    const err = await current.client.call('payOrder', input, ctx).catch((e) => e);
    expect(err).toMatchObject({ kind: 'bad-response', retryable: false });
    expect(err.bodyExcerpt).toContain('oops');
    expect(err.meaning).not.toContain('oops');
    // Even the log never holds a full phone number.
    expect(current.log.text()).not.toContain('13800138001');
    expect(current.log.lines()).toContainEqual(
      expect.objectContaining({
        msg: 'gateway call failed',
        bodyExcerpt: expect.stringContaining('oops'),
      }),
    );
  });

  it('rejects an envelope without a code', async () => {
    current = setup();
    replyPay(current, 200, { message: 'hello' });
    await expect(current.client.call('payOrder', input, ctx)).rejects.toMatchObject({
      kind: 'bad-response',
    });
  });

  it('rejects a success whose data is not an order, but still records its charge', async () => {
    current = setup();
    replyPay(current, 200, envelope(0, [order, order]));
    await expect(current.client.call('payOrder', input, ctx)).rejects.toMatchObject({
      kind: 'bad-response',
    });
    expect(current.charges).toHaveLength(1);
  });

  it('reports a refused connection as its own type', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = createServer();
      srv.listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => resolve(p));
      });
    });
    const log = captureLogger();
    const client = createGatewayClient({
      baseUrl: `http://127.0.0.1:${port}`,
      logger: log.logger,
      timeZone: 'Asia/Shanghai',
      retry: { attempts: 1 },
    });
    const err = await client.call('payOrder', input, ctx).catch((e) => e);
    await client.close();
    expect(err).toBeInstanceOf(GatewayTransportError);
    expect(err.kind).toBe('connection');
  });
});

describe('gateway client: refusals before sending', () => {
  it('refuses bad input with a typed error and sends nothing', async () => {
    current = setup();
    const err = await current.client
      .call('payOrder', { orderNumber: ' ', merchantNum: 'M1', kind: 'platform' }, ctx)
      .catch((e) => e);
    expect(err).toBeInstanceOf(GatewayInputError);
    expect(err.problems[0].field).toBe('orderNumber');
    expect(current.charges).toEqual([]);
    // MockAgent has net connect disabled and no interceptor: a sent request would fail differently.
    expect(current.agent.pendingInterceptors()).toEqual([]);
  });

  it('refuses with "busy" only once the wait in the queue would be too long', async () => {
    current = setup();
    const slow = createGatewayClient({
      baseUrl: BASE,
      logger: current.log.logger,
      timeZone: 'UTC',
      dispatcher: current.agent,
      // One send a second, and no wait longer than 1.5 s: two fit, three would wait too long.
      limiter: createLimiter({ limit: 1, windowMs: 1_000, maxWaitMs: 1_500 }),
    });
    for (let i = 0; i < 2; i++) replyPay(current, 200, envelope(0, order));
    // Five calls in one tick: two fit the wait bound, three are refused at once.
    const calls = [1, 2, 3, 4, 5].map(() =>
      slow.call('payOrder', input, ctx).then(
        () => 'ok',
        (e) => e,
      ),
    );
    const results = await Promise.all(calls);
    await slow.close();
    const busy = results.filter((r) => r instanceof GatewayBusyError);
    const ok = results.filter((r) => r === 'ok');
    // The queue never grows past the wait it implies: later calls are refused at once, not queued.
    expect(busy).toHaveLength(3);
    expect(ok).toHaveLength(2);
    expect((busy[0] as GatewayBusyError).meaning).toMatch(/would wait about 2 s/);
  });
});
