import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { startSlackDouble } from '../../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';
import { commandBody, postSignedAt } from '../../fakes/signed-post.js';
import { type OAuthBot, startOAuthBot } from '../../oauth/harness.js';

/**
 * The ack thread (src/slack/http-edge/edge-thread.ts): in many-workspace mode the public port
 * served on an event loop of its own, every Slack request's signature checked there, the lookup
 * commands and Events API deliveries acked there, the rest passed to the receiver.
 */
let h: BotHarness | undefined;
/** A many-workspace bot with the edge thread and team TA installed. */
async function edgeBot(env: Record<string, string> = {}): Promise<OAuthBot> {
  const bot = await startOAuthBot(env, edge());
  h = bot;
  expect(bot.bot.runtime.edgeThread()).toBe(true);
  expect(await bot.install({ teamId: 'TA', botToken: 'xoxb-team-a' })).toBe(200);
  return bot;
}
const lost: string[] = [];
afterEach(async () => {
  await h?.stop();
  h = undefined;
  lost.length = 0;
});

const edge = () => ({ edgeThread: { lost: (why: string) => void lost.push(why) } });
const X = SANDBOX_EXAMPLES.payOrder;

/**
 * Sends `request` from another process `afterMs` from now and resolves with how long its ack took
 * there: that process's clock runs while this thread is blocked.
 */
function ackFromOutside(
  url: string,
  request: { body: string; headers: Record<string, string> },
  afterMs: number,
): Promise<{ status: number; ms: number }> {
  const script = `
    const { url, body, headers, afterMs } = JSON.parse(process.env.REQUEST);
    setTimeout(async () => {
      const t0 = performance.now();
      const res = await fetch(url, { method: 'POST', headers, body });
      await res.text();
      process.stdout.write(JSON.stringify({ status: res.status, ms: performance.now() - t0 }));
    }, afterMs);`;
  const child = spawn(process.execPath, ['-e', script], {
    env: { REQUEST: JSON.stringify({ url, ...request, afterMs }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`sender exited ${code}`)),
    ),
  );
}

/** Blocks this thread (the bot's main thread) for `ms`: no timer, no I/O, no promise runs. */
function blockMainThread(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('the edge thread', () => {
  it('acks a lookup command while the main thread is busy, which then answers it', async () => {
    const b = await edgeBot();
    const user = 'U0EDGE1';
    const request = b.double.commandRequest({
      command: '/payorder',
      text: `${X.paid.orderNumber} ${X.merchantNum} type=platform`,
      user,
      team: 'TA',
    });
    const sending = ackFromOutside(b.events, request, 300);
    // The sender's process starts and sends while this thread is blocked for 3 s.
    await new Promise((r) => setTimeout(r, 100));
    const blockedAt = performance.now();
    blockMainThread(3000);
    const blockedMs = performance.now() - blockedAt;
    const ack = await sending;
    expect(blockedMs).toBeGreaterThanOrEqual(2900);
    expect(ack.status).toBe(200);
    // Acked in the thread, not after the main thread's 3 s (on the main thread it is ≥ 2.5 s).
    expect(ack.ms).toBeLessThan(1500);
    const card = await b.double.waitFor(
      () => b.double.messages().find((m) => m.visibleTo === user && /Paid/.test(m.text)),
      8000,
    );
    expect(card.text).toContain(X.paid.orderNumber);
    expect(lost).toEqual([]);
  });

  it('is not started with one workspace, where the main thread serves the port', async () => {
    h = await startBot({}, edge());
    expect(h.bot.runtime.edgeThread()).toBe(false);
    expect(h.log.lines().find((l) => l.msg === 'querydesk started')).toMatchObject({
      edgeThread: false,
    });
  });

  it('passes what it does not ack to the receiver: health, the install, a modal command', async () => {
    // edgeBot's install went through the thread: /slack/install's redirect and state cookie,
    // then /slack/oauth_redirect with that cookie.
    const b = await edgeBot();
    const health = await fetch(`${b.base}/healthz`);
    expect(health.status).toBe(200);
    // /payorder with no text opens its form: the listener's own decision, on the main thread.
    const user = 'U0EDGE2';
    const modal = await b.double.sendCommand(b.events, {
      command: '/payorder',
      text: '',
      user,
      team: 'TA',
    });
    expect(modal.status).toBe(200);
    await b.double.waitFor(() => b.double.calls.find((c) => c.method === 'views.open'), 8000);
    // Signed with another secret: refused (at the thread), and nothing runs.
    const body = commandBody(b.double, { command: '/payorder', text: X.paid.orderNumber });
    const forged = await postSignedAt(
      { ...b.double, signingSecret: 'not-the-secret' },
      b.events,
      body,
    );
    expect(forged.status).toBe(401);
    expect(b.bot.sandbox?.requests().filter((r) => r.path.includes('pay'))).toEqual([]);
  });

  it('refuses a future signature or an oversized body at the thread', async () => {
    const b = await edgeBot();
    const body = commandBody(b.double, { command: '/payorder', text: X.paid.orderNumber });
    const future = await postSignedAt(
      b.double,
      b.events,
      body,
      Math.floor(Date.now() / 1000) + 3600,
    );
    expect(future.status).toBe(401);
    const big = await fetch(b.events, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '3000000' },
      body: 'x'.repeat(3_000_000),
    }).catch((err: Error) => ({ status: `refused: ${err.message}` }));
    // 413 at once; a client still sending may see the socket close instead.
    expect(String(big.status)).toMatch(/^(413|refused)/);
    expect(b.bot.sandbox?.requests()).toEqual([]);
  });

  it('hands over every acked command before a stop ends', async () => {
    const b = await edgeBot();
    const user = 'U0EDGE3';
    const ack = await b.double.sendCommand(b.events, {
      command: '/payorder',
      text: `${X.paid.orderNumber} ${X.merchantNum} type=platform`,
      user,
      team: 'TA',
    });
    expect(ack.status).toBe(200);
    await b.bot.stop();
    // Answered before the stop resolved; the port is closed.
    expect(b.double.messages().some((m) => m.visibleTo === user && /Paid/.test(m.text))).toBe(true);
    await expect(fetch(`${b.base}/healthz`)).rejects.toThrow();
    expect(lost).toEqual([]);
  });

  it('fails the start, naming why, when its port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, r));
    const port = (taken.address() as { port: number }).port;
    const double = await startSlackDouble();
    try {
      await expect(startOAuthBot({ PORT: String(port) }, edge(), double)).rejects.toThrow(
        /edge thread did not start: EADDRINUSE/,
      );
    } finally {
      await double.close();
      await new Promise((r) => taken.close(r));
    }
  });
});

describe('the edge thread on its own', () => {
  it('passes requests to the loopback port, posts what it acked, and reports its loss', async () => {
    const { startEdgeThread, newWorker, EDGE_RESOURCE_LIMITS } = await import(
      '../../../src/slack/http-edge/edge-thread.js'
    );
    const { HTTP_LIMITS } = await import('../../../src/slack/http-edge/http-limits.js');
    const { ackPlanTable } = await import('../../../src/slack/commands/index.js');
    const { createServer: createHttpServer } = await import('node:http');
    const { signedHeaders } = await import('../../../src/slack-double/index.js');
    const seen: string[] = [];
    const upstream = createHttpServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.setHeader('x-from', 'upstream');
      res.end(`bolt saw ${req.method} ${req.url}`);
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const upstreamPort = (upstream.address() as { port: number }).port;
    const acked: unknown[] = [];
    const lostWhy: string[] = [];
    const logged: string[] = [];
    let worker: import('node:worker_threads').Worker | undefined;
    const thread = await startEdgeThread(
      {
        port: 0,
        host: '127.0.0.1',
        upstreamPort,
        signingSecret: 'edge-secret',
        plan: ackPlanTable(),
        limits: { ...HTTP_LIMITS, bodyBudgetBytes: 80 * 1024 },
      },
      {
        logger: {
          info: (_o, msg) => void logged.push(msg),
          warn: (_o, msg) => void logged.push(msg),
          error: (_o, msg) => void logged.push(msg),
        },
        deliver: (a) => void acked.push(a),
        lost: (why) => void lostWhy.push(why),
      },
      (data) => {
        worker = newWorker(data);
        return worker;
      },
    );
    try {
      const base = `http://127.0.0.1:${thread.port}`;
      const passed = await fetch(`${base}/healthz?x=1`);
      expect(passed.headers.get('x-from')).toBe('upstream');
      expect(await passed.text()).toBe('bolt saw GET /healthz?x=1');
      const body = new URLSearchParams({
        command: '/payorder',
        text: `${X.paid.orderNumber} ${X.merchantNum}`,
        team_id: 'T1',
        user_id: 'U1',
      }).toString();
      const ts = Math.floor(Date.now() / 1000);
      const ack = await fetch(`${base}/slack/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-slack-retry-num': '1',
          'x-slack-retry-reason': 'http_timeout',
          ...signedHeaders('edge-secret', ts, body),
        },
        body,
      });
      expect(ack.status).toBe(200);
      expect(await ack.text()).toBe('');
      await vi.waitFor(() => expect(acked).toHaveLength(1));
      expect(acked[0]).toMatchObject({
        body: { command: '/payorder', team_id: 'T1' },
        retryNum: 1,
        retryReason: 'http_timeout',
        command: { name: '/payorder', sent: '' },
      });
      expect(lostWhy).toEqual([]);
      // Its heap is bounded.
      expect(worker!.resourceLimits).toMatchObject(EDGE_RESOURCE_LIMITS);
      // What it cannot verify is refused here (401) before any parse, never passed on.
      const forged = { ...signedHeaders('not-the-secret', ts, body) };
      const refused = [
        await fetch(`${base}/slack/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...forged },
          body,
        }),
        await fetch(`${base}/slack/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{{{ not json',
        }),
      ].map((r) => r.status);
      expect(refused).toEqual([401, 401]);
      expect(seen).toEqual(['GET /healthz?x=1']);
      // The bodies held at once are bounded: past the budget, 503 and the rest unread.
      const { request: httpRequest } = await import('node:http');
      const held = httpRequest(`${base}/slack/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(50 * 1024) },
      });
      held.on('error', () => {});
      held.write(Buffer.alloc(50 * 1024 - 1, 'a'));
      await new Promise((r) => setTimeout(r, 100));
      const over = await fetch(`${base}/slack/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'b'.repeat(50 * 1024),
      });
      held.destroy();
      expect(over.status).toBe(503);
      // An acked command is handed over before its ack is sent: ending the thread as soon as
      // the ack is in loses nothing.
      const second = { ...signedHeaders('edge-secret', ts, `${body}&x=2`) };
      const ack2 = await fetch(`${base}/slack/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...second },
        body: `${body}&x=2`,
      });
      expect(ack2.status).toBe(200);
      // Ended from outside, not by close(): the port is gone, and the owner is told.
      await worker!.terminate();
      await vi.waitFor(() => expect(acked).toHaveLength(2));
      await vi.waitFor(() => expect(lostWhy).toEqual([expect.stringMatching(/exited/)]));
    } finally {
      await thread.close();
      await new Promise((r) => upstream.close(r));
    }
  });
});
