import { spawn } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { ackPlanTable } from '../../../src/slack/commands/index.js';
import {
  ACK_THREAD_RESOURCE_LIMITS,
  type AckThreadEvents,
  PEER_ADDRESS,
  ROUTES_SECRET,
  startAckThread,
} from '../../../src/slack/http-edge/ack-thread.js';
import { HTTP_LIMITS } from '../../../src/slack/http-edge/http-limits.js';
import { signedHeaders, startSlackDouble } from '../../../src/slack-double/index.js';
import { newWorker } from '../../../src/threads/new-worker.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';
import { commandBody, postSignedAt } from '../../fakes/signed-post.js';

/**
 * The ack thread (src/slack/http-edge/ack-thread.ts): in every HTTP mode the public port is
 * served on an event loop of its own; every Slack request's signature is checked there once, the
 * lookup commands and Events API deliveries acked there, what its listener acks answered by
 * message, and the other routes passed to the receiver's routes port.
 */
let h: BotHarness | undefined;
const lost: string[] = [];
afterEach(async () => {
  await h?.stop();
  h = undefined;
  lost.length = 0;
});
const watchLoss = { ackThreadLost: (why: string) => void lost.push(why) };
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

describe('the ack thread', () => {
  it('acks a lookup command while the main thread is busy, which then answers it', async () => {
    h = await startBot({}, watchLoss);
    const user = 'U0ACKT1';
    const request = h.double.commandRequest({
      command: '/payorder',
      text: `${X.paid.orderNumber} ${X.merchantNum} type=platform`,
      user,
    });
    const sending = ackFromOutside(h.events, request, 300);
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
    const card = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.visibleTo === user && /Paid/.test(m.text)),
      8000,
    );
    expect(card.text).toContain(X.paid.orderNumber);
    expect(lost).toEqual([]);
  });

  it('writes the answer a listener acks with, and passes the other routes on', async () => {
    h = await startBot({}, watchLoss);
    const health = await fetch(`${h.base}/healthz`);
    expect(health.status).toBe(200);
    const missing = await fetch(`${h.base}/no-such-route`);
    expect(missing.status).toBe(404);
    // /payorder with no text opens its form: the listener's own decision and ack, on the main
    // thread, its answer written by the thread.
    const modal = await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: '',
      user: 'U0ACKT2',
    });
    expect(modal.status).toBe(200);
    await h.double.waitFor(() => h!.double.calls.find((c) => c.method === 'views.open'), 8000);
    // Signed with another secret: refused at the thread, and nothing runs.
    const body = commandBody(h.double, { command: '/payorder', text: X.paid.orderNumber });
    const forged = await postSignedAt(
      { ...h.double, signingSecret: 'not-the-secret' },
      h.events,
      body,
    );
    expect(forged.status).toBe(401);
    expect(h.bot.sandbox?.requests().filter((r) => r.path.includes('pay'))).toEqual([]);
    expect(lost).toEqual([]);
  });

  it('hands over every acked command before a stop ends', async () => {
    h = await startBot({}, watchLoss);
    const user = 'U0ACKT3';
    const ack = await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: `${X.paid.orderNumber} ${X.merchantNum} type=platform`,
      user,
    });
    expect(ack.status).toBe(200);
    await h.bot.stop();
    const base = h.base;
    const double = h.double;
    h = undefined;
    // Answered before the stop resolved; the port is closed.
    expect(double.messages().some((m) => m.visibleTo === user && /Paid/.test(m.text))).toBe(true);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    await double.close();
    expect(lost).toEqual([]);
  });

  it('fails the start, naming why, when its port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, r));
    const port = (taken.address() as { port: number }).port;
    const double = await startSlackDouble();
    try {
      await expect(startBot({ PORT: String(port) }, watchLoss, double)).rejects.toThrow(
        /ack thread did not start: EADDRINUSE/,
      );
    } finally {
      await double.close();
      await new Promise((r) => taken.close(r));
    }
  });
});

describe('the ack thread on its own', () => {
  it('passes routes on with the client address, posts what it acked, and reports its loss', async () => {
    const seen: { line: string; secret?: string; peer?: string }[] = [];
    const routes = createServer((req, res) => {
      seen.push({
        line: `${req.method} ${req.url}`,
        secret: req.headers[ROUTES_SECRET] as string | undefined,
        peer: req.headers[PEER_ADDRESS] as string | undefined,
      });
      res.setHeader('x-from', 'routes');
      res.end(`routes saw ${req.method} ${req.url}`);
    });
    await new Promise<void>((r) => routes.listen(0, '127.0.0.1', r));
    const routesPort = (routes.address() as { port: number }).port;
    const events: AckThreadEvents[] = [];
    const lostWhy: string[] = [];
    let worker: Worker | undefined;
    const thread = await startAckThread(
      {
        listen: { port: 0, host: '127.0.0.1' },
        routesPort,
        routesSecret: 'the-routes-secret',
        signingSecret: 'thread-secret',
        plan: ackPlanTable(),
        limits: { ...HTTP_LIMITS, bodyBudgetBytes: 80 * 1024 },
      },
      {
        on: (m) => {
          events.push(m);
          // What its listener acks is answered by message.
          if (m.type === 'listener') thread.answer({ id: m.id, response: { text: 'from main' } });
        },
        lost: (why) => void lostWhy.push(why),
      },
      (data) => {
        worker = newWorker(
          new URL('../../../src/slack/http-edge/ack-thread.ts', import.meta.url),
          'ack-worker',
          {
            workerData: data,
            resourceLimits: ACK_THREAD_RESOURCE_LIMITS,
          },
        );
        return worker;
      },
    );
    const of = <T extends AckThreadEvents['type']>(type: T) =>
      events.filter((e): e is Extract<AckThreadEvents, { type: T }> => e.type === type);
    try {
      const base = `http://127.0.0.1:${thread.address.port}`;
      // A client's own secret or address headers are replaced, never passed on.
      const passed = await fetch(`${base}/healthz?x=1`, {
        headers: { [ROUTES_SECRET]: 'guessed', [PEER_ADDRESS]: '10.0.0.9' },
      });
      expect(passed.headers.get('x-from')).toBe('routes');
      expect(await passed.text()).toBe('routes saw GET /healthz?x=1');
      expect(seen).toEqual([
        { line: 'GET /healthz?x=1', secret: 'the-routes-secret', peer: '127.0.0.1' },
      ]);
      const body = new URLSearchParams({
        command: '/payorder',
        text: `${X.paid.orderNumber} ${X.merchantNum}`,
        team_id: 'T1',
        user_id: 'U1',
      }).toString();
      const ts = Math.floor(Date.now() / 1000);
      const post = (text: string, headers: Record<string, string>) =>
        fetch(`${base}/slack/events`, { method: 'POST', headers, body: text });
      const form = 'application/x-www-form-urlencoded';
      const ack = await post(body, {
        'content-type': form,
        'x-slack-retry-num': '1',
        'x-slack-retry-reason': 'http_timeout',
        ...signedHeaders('thread-secret', ts, body),
      });
      expect(ack.status).toBe(200);
      expect(await ack.text()).toBe('');
      await vi.waitFor(() => expect(of('acked')).toHaveLength(1));
      expect(of('acked')[0]).toMatchObject({
        body: { command: '/payorder', team_id: 'T1' },
        retry: { retryNum: 1, retryReason: 'http_timeout' },
        command: { name: '/payorder', sent: '' },
      });
      // Its ack's time, on the epoch: within the request's own span.
      expect(Math.abs(of('acked')[0]!.ackedAt - Date.now())).toBeLessThan(5_000);
      // A command its listener acks (no text: the form): posted with an id, the answer written.
      const modalBody = new URLSearchParams({
        command: '/payorder',
        text: '',
        team_id: 'T1',
        user_id: 'U1',
      }).toString();
      const modal = await post(modalBody, {
        'content-type': form,
        ...signedHeaders('thread-secret', ts, modalBody),
      });
      expect(modal.status).toBe(200);
      expect(await modal.json()).toEqual({ text: 'from main' });
      expect(of('listener')).toHaveLength(1);
      // The Slack requests counted in and out for the main thread's ack-first scheduler: told
      // as they come to be unanswered and as none are left, each time (one at a time here).
      await vi.waitFor(() => expect(of('pending')).toHaveLength(4));
      expect(of('pending').map((m) => m.unanswered)).toEqual([true, false, true, false]);
      expect(lostWhy).toEqual([]);
      // Its heap is bounded.
      expect(worker!.resourceLimits).toMatchObject(ACK_THREAD_RESOURCE_LIMITS);
      // What it cannot verify is refused here (401) before any parse, never passed on.
      const refused = [
        await post(body, { 'content-type': form, ...signedHeaders('not-the-secret', ts, body) }),
        await post('{{{ not json', { 'content-type': 'application/json' }),
      ].map((r) => r.status);
      expect(refused).toEqual([401, 401]);
      expect(seen).toHaveLength(1);
      expect(of('acked')).toHaveLength(1);
      // The bodies held at once are bounded: past the budget, 503 and the rest unread.
      const held = httpRequest(`${base}/slack/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(50 * 1024) },
      });
      held.on('error', () => {});
      held.write(Buffer.alloc(50 * 1024 - 1, 'a'));
      await new Promise((r) => setTimeout(r, 100));
      const over = await post('b'.repeat(50 * 1024), { 'content-type': 'application/json' });
      held.destroy();
      expect(over.status).toBe(503);
      // An acked command is handed over before its ack is sent: ending the thread as soon as
      // the ack is in loses nothing.
      const second = `${body}&x=2`;
      const ack2 = await post(second, {
        'content-type': form,
        ...signedHeaders('thread-secret', ts, second),
      });
      expect(ack2.status).toBe(200);
      // Ended from outside, not by close(): the port is gone, and the owner is told.
      await worker!.terminate();
      await vi.waitFor(() => expect(of('acked')).toHaveLength(2));
      await vi.waitFor(() => expect(lostWhy).toEqual([expect.stringMatching(/exited/)]));
    } finally {
      await thread.close();
      await new Promise((r) => routes.close(r));
    }
  });
});
