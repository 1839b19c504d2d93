import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ackCommandsEarly,
  type EarlyAckPlanner,
  primeEarlyAck,
  processAcked,
} from '../../../src/slack/http-edge/early-ack.js';
import { eventually } from '../../fakes/eventually.js';
import { captureLogger } from '../../fakes/log-capture.js';

const SECRET = 'early-ack-secret';
const FORM = 'application/x-www-form-urlencoded';

/** What happened, in order: the answer leaving, Bolt's receiver, Bolt's pipeline. */
let events: string[];
let listenerAck: (body: Record<string, unknown>) => unknown;
const log = captureLogger('debug');
const planner: EarlyAckPlanner = (c) => {
  if (c.command !== '/fast') return undefined;
  return c.text === 'bad' ? { response: { response_type: 'ephemeral', text: 'bad input' } } : {};
};
const app = {
  async processEvent(e: { body: Record<string, unknown>; ack: (r?: unknown) => Promise<void> }) {
    const inner = e.body.event as { type?: string } | undefined;
    events.push(
      inner ? `bolt event ${inner.type}` : `bolt ${String(e.body.command)} ${String(e.body.text)}`,
    );
    await e.ack(listenerAck(e.body));
  },
} as unknown as App;

let server: Server;
let url: string;
beforeAll(async () => {
  const boltReceiver = (
    req: IncomingMessage & { rawBody?: Buffer },
    res: import('node:http').ServerResponse,
  ) => {
    events.push(`receiver ${req.method} read=${Buffer.isBuffer(req.rawBody)}`);
    res.end('from-bolt');
  };
  const listener = ackCommandsEarly(boltReceiver, {
    signingSecret: SECRET,
    bodyLimit: 64 * 1024,
    logger: log.logger,
    planner: () => planner,
    deliver: (acked) => processAcked(acked, { app, track: (w) => w, logger: log.logger }),
  });
  server = createServer((req, res) => {
    res.once('finish', () => events.push(`answered ${res.statusCode}`));
    listener(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  events = [];
  listenerAck = (b) =>
    b.text === 'bad' ? { response_type: 'ephemeral', text: 'bad input' } : undefined;
});

function signed(body: string, secret = SECRET, ts = Math.floor(Date.now() / 1000)) {
  const sig = `v0=${createHmac('sha256', secret).update(`v0:${ts}:${body}`).digest('hex')}`;
  return {
    'content-type': FORM,
    'x-slack-request-timestamp': String(ts),
    'x-slack-signature': sig,
  };
}
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const JSON_TYPE = 'application/json';
const event = (inner: Record<string, unknown>) =>
  JSON.stringify({ type: 'event_callback', team_id: 'T1', event: inner, event_id: 'Ev1' });
const command = (name: string, text: string) =>
  form({
    command: name,
    text,
    team_id: 'T1',
    user_id: 'U1',
    channel_id: 'C1',
    trigger_id: '1.2.x',
  });

async function post(body: string, headers: Record<string, string>) {
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, text: await res.text() };
}
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('slash commands acked before Bolt', () => {
  it('answers a command its planner decides at once, then hands it to Bolt', async () => {
    const res = await post(command('/fast', 'P1 M1'), signed(command('/fast', 'P1 M1')));
    await settle();
    expect(res).toEqual({ status: 200, text: '' });
    expect(events).toEqual(['answered 200', 'bolt /fast P1 M1']);
  });

  it("sends the planner's refusal as the ack's body", async () => {
    const res = await post(command('/fast', 'bad'), signed(command('/fast', 'bad')));
    await settle();
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ response_type: 'ephemeral', text: 'bad input' });
    expect(events).toEqual(['answered 200', 'bolt /fast bad']);
    expect(log.text()).not.toContain('acked differently');
  });

  it('says so in the log when the listener would have acked otherwise', async () => {
    listenerAck = () => ({ text: 'something else' });
    await post(command('/fast', 'P2 M2'), signed(command('/fast', 'P2 M2')));
    await settle();
    expect(log.text()).toContain('listener acked differently from early ack');
  });

  it('leaves a command the planner does not decide to Bolt, its body already read', async () => {
    const res = await post(command('/other', 'x'), signed(command('/other', 'x')));
    expect(res).toEqual({ status: 200, text: 'from-bolt' });
    expect(events).toEqual(['receiver POST read=true', 'answered 200']);
  });

  it('never acks a request whose signature is wrong or stale: Bolt refuses it', async () => {
    const body = command('/fast', 'P1 M1');
    await post(body, signed(body, 'not-the-secret'));
    await post(body, signed(body, SECRET, Math.floor(Date.now() / 1000) - 600));
    await settle();
    expect(events).toEqual([
      'receiver POST read=true',
      'answered 200',
      'receiver POST read=true',
      'answered 200',
    ]);
  });

  it('leaves ssl_check, interactivity payloads and JSON other than an event to Bolt', async () => {
    const ssl = form({ ssl_check: '1', command: '/fast', text: 'P1 M1' });
    await post(ssl, signed(ssl));
    const click = form({ payload: JSON.stringify({ type: 'block_actions', command: '/fast' }) });
    await post(click, signed(click));
    const verify = JSON.stringify({ type: 'url_verification', challenge: 'c1' });
    await post(verify, { ...signed(verify), 'content-type': JSON_TYPE });
    await settle();
    expect(events.filter((e) => e.startsWith('bolt'))).toEqual([]);
    expect(events.filter((e) => e.startsWith('receiver'))).toEqual([
      'receiver POST read=true',
      'receiver POST read=true',
      'receiver POST read=true',
    ]);
  });

  it('acks an Events API delivery at once (empty 200), then hands it to Bolt', async () => {
    const body = event({ type: 'app_home_opened', user: 'U1', tab: 'home' });
    const res = await post(body, {
      ...signed(body),
      'content-type': `${JSON_TYPE}; charset=utf-8`,
    });
    await settle();
    expect(res).toEqual({ status: 200, text: '' });
    expect(events).toEqual(['answered 200', 'bolt event app_home_opened']);
  });

  it("leaves function_executed (its listener may ack it) and a bad signature's event to Bolt", async () => {
    const step = event({ type: 'function_executed', function_execution_id: 'Fx1' });
    await post(step, { ...signed(step), 'content-type': JSON_TYPE });
    const home = event({ type: 'app_home_opened', user: 'U1', tab: 'home' });
    await post(home, { ...signed(home, 'not-the-secret'), 'content-type': JSON_TYPE });
    const broken = '{"type":"event_callback",';
    await post(broken, { ...signed(broken), 'content-type': JSON_TYPE });
    await settle();
    expect(events.filter((e) => e.startsWith('bolt'))).toEqual([]);
    expect(events.filter((e) => e.startsWith('receiver'))).toHaveLength(3);
  });

  it('refuses a form body over the limit with 413 (sent without a length)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { 'content-type': FORM } });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write(Buffer.alloc(70 * 1024, 'a'));
      req.end();
    });
    expect(status).toBe(413);
    expect(events.filter((e) => !e.startsWith('answered'))).toEqual([]);
  });

  it('reads a body that comes in several pieces whole, and checks its signature over all of it', async () => {
    const body = command('/fast', `P1 ${'x'.repeat(3000)}`);
    const headers = { ...signed(body), 'content-length': String(Buffer.byteLength(body)) };
    const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers });
      req.on('response', (r) => {
        let text = '';
        r.on('data', (c: Buffer) => {
          text += c.toString();
        });
        r.on('end', () => resolve({ status: r.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.flushHeaders();
      // Three writes with pauses between them: three chunks at the server.
      const pieces = [body.slice(0, 100), body.slice(100, 2000), body.slice(2000)];
      void (async () => {
        for (const piece of pieces) {
          req.write(piece);
          await new Promise((r) => setTimeout(r, 20));
        }
        req.end();
      })();
    });
    expect(res).toEqual({ status: 200, text: '' });
    await eventually(() => events.some((e) => e.startsWith('bolt /fast P1 xxx')), 3000);
  });

  it('answers nothing and hands nothing on when the client goes away before its body is in', async () => {
    const body = command('/fast', 'P1 ok');
    const headers = { ...signed(body), 'content-length': String(Buffer.byteLength(body) + 50) };
    const warned = log.lines().length;
    await new Promise<void>((resolve) => {
      const req = request(url, { method: 'POST', headers });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(body);
      setTimeout(() => req.destroy(), 50);
    });
    await eventually(
      () =>
        log
          .lines()
          .slice(warned)
          .some((l) => l.msg === 'request body not read'),
      3000,
    );
    expect(events).toEqual([]);
  });
});

describe('priming the early ack at start-up', () => {
  const samples = [
    { command: '/fast', text: 'P1 "M 1" & <x> ok' },
    { command: '/fast', text: 'bad' },
    { command: '/other', text: '' },
  ];

  it('runs each sample, in both form encodings, through the signed decision the requests take', () => {
    const seen: string[] = [];
    const counts = primeEarlyAck(
      {
        signingSecret: SECRET,
        planner: (c) => {
          seen.push(`${c.command}|${c.text}|${c.team_id}`);
          return planner(c);
        },
        logger: log.logger,
      },
      samples,
      12,
    );
    // 3 samples × 2 encodings, each made twice: the planner is reached only past the signature.
    expect(counts).toEqual({ acked: 4, answered: 4, bolt: 4 });
    expect(seen).toHaveLength(12);
    expect([...new Set(seen)].sort()).toEqual([
      '/fast|P1 "M 1" & <x> ok|T0PRIMER',
      '/fast|bad|T0PRIMER',
      '/other||T0PRIMER',
    ]);
  });

  it('decides nothing without a signing secret', () => {
    let asked = 0;
    const counts = primeEarlyAck(
      {
        signingSecret: '',
        planner: () => {
          asked++;
          return {};
        },
        logger: log.logger,
      },
      samples,
      12,
    );
    expect(counts).toEqual({ acked: 0, answered: 0, bolt: 0 });
    expect(asked).toBe(0);
  });
});
