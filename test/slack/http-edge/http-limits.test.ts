import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { SLACK_CALL_TIMEOUT_MS } from '../../../src/slack/delivery/slack-client-options.js';
import { HTTP_LIMITS, serverOptions } from '../../../src/slack/http-edge/http-limits.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';
import { commandBody, postSignedAt } from '../../fakes/signed-post.js';

const X = SANDBOX_EXAMPLES.payOrder;
let h: BotHarness;
beforeAll(async () => {
  h = await startBot(
    {},
    {
      httpLimits: {
        ...HTTP_LIMITS,
        headersTimeoutMs: 1_000,
        requestTimeoutMs: 1_000,
        checkIntervalMs: 200,
        maxConnections: 40,
      },
    },
  );
});
afterAll(async () => {
  await h?.stop();
});

const payCalls = () => h.bot.sandbox!.requests().filter((r) => r.op === 'payOrder').length;

/** Streams up to `totalMb` of body in 1 MB chunks; resolves with the status and the MB sent by then. */
function hugeUnsignedPost(
  url: string,
  totalMb: number,
): Promise<{ status: number; sentMb: number }> {
  return new Promise((resolve, reject) => {
    let sentMb = 0;
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, sentMb });
      req.destroy();
    });
    req.on('error', (err) => (sentMb >= totalMb ? undefined : reject(err)));
    const pump = () => {
      while (sentMb < totalMb) {
        sentMb++;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('HTTP limits', () => {
  it('refuses a multi-megabyte unsigned body with 413 before reading it all', async () => {
    const res = await hugeUnsignedPost(h.events, 150);
    expect(res.status).toBe(413);
    // Answered while the client was still sending: the body was never buffered whole.
    expect(res.sentMb).toBeLessThan(150);
  });

  it('refuses the same body announced by Content-Length at once, reading none of it', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(h.events, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': 150 * 1024 * 1024 },
      });
      req.on('response', (res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('{');
    });
    expect(status).toBe(413);
  });

  it('refuses a correctly signed command dated an hour ahead (401), and runs nothing', async () => {
    const calls = payCalls();
    const body = commandBody(h.double, {
      command: '/payorder',
      text: `${X.paid.orderNumber} ${X.merchantNum}`,
    });
    const now = Math.floor(Date.now() / 1000);
    const future = await postSignedAt(h.double, h.events, body, now + 3600);
    const past = await postSignedAt(h.double, h.events, body, now - 3600);
    expect(future.status).toBe(401);
    expect(past.status).toBe(401);
    // A clock a little ahead (4 minutes) is still Slack's.
    const close = await postSignedAt(
      h.double,
      h.events,
      commandBody(h.double, { command: '/payorder', text: 'only-one' }),
      now + 240,
    );
    expect(close.status).toBe(200);
    expect(payCalls()).toBe(calls);
  });

  it('drops clients that trickle their headers, and still acks signed commands meanwhile', async () => {
    const slow: Socket[] = [];
    const closed: Promise<void>[] = [];
    for (let i = 0; i < 30; i++) {
      const s = connect(h.bot.port, '127.0.0.1');
      s.on('error', () => {});
      s.write('POST /slack/events HTTP/1.1\r\nHost: x\r\n');
      closed.push(new Promise((r) => s.once('close', () => r())));
      slow.push(s);
    }
    const drip = setInterval(() => {
      for (const s of slow) if (!s.destroyed) s.write('X');
    }, 300);
    try {
      const ack = await h.double.sendCommand(h.events, {
        command: '/payorder',
        text: `${X.paid.orderNumber} ${X.merchantNum}`,
      });
      expect(ack.status).toBe(200);
      // Each trickling client is cut off by the header timeout (1 s here, 10 s in production).
      await Promise.all(closed);
      expect(slow.every((s) => s.destroyed)).toBe(true);
    } finally {
      clearInterval(drip);
      for (const s of slow) s.destroy();
    }
  });

  it('caps open connections: past the cap, new sockets are closed at once', async () => {
    const sockets: Socket[] = [];
    let refused = 0;
    const ends: Promise<void>[] = [];
    for (let i = 0; i < 60; i++) {
      const s = connect(h.bot.port, '127.0.0.1');
      s.on('error', () => {});
      ends.push(
        new Promise((r) => {
          s.once('close', () => {
            refused++;
            r();
          });
          setTimeout(r, 500);
        }),
      );
      sockets.push(s);
    }
    await Promise.all(ends);
    for (const s of sockets) s.destroy();
    expect(refused).toBeGreaterThanOrEqual(20);
  });

  it('runs production servers with 10 s header and request timeouts and a connection cap', () => {
    expect(HTTP_LIMITS.headersTimeoutMs).toBe(10_000);
    expect(HTTP_LIMITS.requestTimeoutMs).toBe(10_000);
    expect(HTTP_LIMITS.bodyLimitBytes).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(HTTP_LIMITS.bodyBudgetBytes).toBeLessThanOrEqual(64 * 1024 * 1024);
    // The bot's own limits (1 s here) are the ones its server runs with: the trickle and cap
    // tests above see them from outside.
    expect(serverOptions(HTTP_LIMITS)).toMatchObject({
      headersTimeout: 10_000,
      requestTimeout: 10_000,
    });
  });

  it('gives every Slack Web API call a timeout, so a hung call cannot hold a lease or shutdown', () => {
    const client = h.bot.runtime.app.client as unknown as { timeout: number };
    expect(client.timeout).toBe(SLACK_CALL_TIMEOUT_MS);
    expect(SLACK_CALL_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
  });
});
