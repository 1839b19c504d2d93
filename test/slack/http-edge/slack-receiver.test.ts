import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { App } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boltLogger } from '../../../src/slack/bolt-logger.js';
import { HTTP_LIMITS } from '../../../src/slack/http-edge/http-limits.js';
import { peerAddress } from '../../../src/slack/http-edge/peer-address.js';
import { SlackReceiver } from '../../../src/slack/http-edge/slack-receiver.js';
import { eventually } from '../../fakes/eventually.js';
import { captureLogger } from '../../fakes/log-capture.js';

/**
 * The receiver through its public contract only: a real Bolt `App` built with it (Bolt's
 * documented `receiver` option), signed requests in over HTTP, the listeners observed. Nothing here
 * knows a field of Bolt's own: a Bolt minor upgrade that keeps the `Receiver` seam passes as is.
 */
const SECRET = 'receiver-secret';
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/** What happened, in order: answers leaving, listeners running. */
let events: string[];
let formAck: unknown;
const log = captureLogger('debug');
const receiver = new SlackReceiver({
  signingSecret: SECRET,
  plan: { '/fast': { modal: true, subcommands: ['watch'] } },
  routes: [
    {
      path: '/things/:id',
      method: ['GET'],
      handler: (req, res) => {
        res.writeHead(200).end(`thing ${String(req.params?.id)}`);
      },
    },
    {
      path: '/peer',
      method: ['GET'],
      handler: (req, res) => {
        const passed = Object.keys(req.headers).filter((h) => h.startsWith('x-querydesk'));
        res.writeHead(200).end(JSON.stringify({ peer: peerAddress(req), passed }));
      },
    },
  ],
  limits: { ...HTTP_LIMITS, bodyLimitBytes: 64 * 1024, bodyBudgetBytes: 80 * 1024 },
  listen: { port: 0, host: '127.0.0.1' },
  boltLog: boltLogger(log.logger),
  logger: log.logger,
  track: (w) => w,
});
const app = new App({
  token: 'xoxb-receiver-test',
  tokenVerificationEnabled: false,
  botId: 'B0TEST',
  botUserId: 'U0BOT',
  receiver,
  logger: boltLogger(log.logger),
  convoStore: false,
});
/** Holds the /fast listener until the test lets it go. */
let hold: Promise<void> = Promise.resolve();
app.command('/fast', async ({ command, ack }) => {
  await hold;
  events.push(`listener /fast ${command.text}`);
  await ack(command.text === '' ? (formAck as string) : undefined);
});
app.event('app_home_opened', async ({ event }) => {
  await hold;
  events.push(`listener event ${event.type}`);
});
app.event('channel_archive', async ({ context }) => {
  await hold;
  events.push(`listener event channel_archive, retry ${context.retryNum} ${context.retryReason}`);
});
app.view('v1', async ({ ack }) => {
  events.push('listener view v1');
  await ack({ response_action: 'errors', errors: { b1: 'wrong' } });
});
app.action('a1', async ({ ack }) => {
  await ack();
  events.push('listener action a1');
});

let base: string;
let url: string;
beforeAll(async () => {
  await app.start();
  base = `http://127.0.0.1:${receiver.port()}`;
  url = `${base}/slack/events`;
});
afterAll(async () => {
  await app.stop();
  if (process.env.RP_DEBUG) console.log(log.text().slice(0, 3000));
});
beforeEach(() => {
  events = [];
  formAck = undefined;
});

function signed(body: string, secret = SECRET, ts = Math.floor(Date.now() / 1000), type = FORM) {
  const sig = `v0=${createHmac('sha256', secret).update(`v0:${ts}:${body}`).digest('hex')}`;
  return {
    'content-type': type,
    'x-slack-request-timestamp': String(ts),
    'x-slack-signature': sig,
  };
}
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const event = (inner: Record<string, unknown>) =>
  JSON.stringify({ type: 'event_callback', team_id: 'T1', event: inner, event_id: 'Ev1' });
const command = (name: string, text: string) =>
  form({ command: name, text, team_id: 'T1', user_id: 'U1', channel_id: 'C1', trigger_id: '1.x' });

async function post(body: string, headers: Record<string, string>) {
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  events.push(`answered ${res.status}`);
  return { status: res.status, text };
}
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('one receiver at Bolt’s Receiver seam', () => {
  it('acks a command the planner decides at once, then runs its listener', async () => {
    // The listener is held until the answer is in: the ack cannot be the listener's.
    let release = () => {};
    hold = new Promise<void>((r) => {
      release = r;
    });
    const res = await post(command('/fast', 'P1 M1'), signed(command('/fast', 'P1 M1')));
    release();
    await eventually(() => events.includes('listener /fast P1 M1'), 3000);
    expect(res).toEqual({ status: 200, text: '' });
    expect(events).toEqual(['answered 200', 'listener /fast P1 M1']);
    expect(log.text()).not.toContain('acked differently');
  });

  it('gives the listener the ack of a command that opens a form, or starts a subcommand', async () => {
    formAck = 'the form opens';
    const res = await post(command('/fast', ''), signed(command('/fast', '')));
    expect(res).toEqual({ status: 200, text: 'the form opens' });
    const sub = await post(command('/fast', 'watch 1'), signed(command('/fast', 'watch 1')));
    expect(sub).toEqual({ status: 200, text: '' });
    expect(events).toEqual([
      'listener /fast ',
      'answered 200',
      'listener /fast watch 1',
      'answered 200',
    ]);
  });

  it("answers a view submission with its listener's response_action", async () => {
    const view = form({
      payload: JSON.stringify({
        type: 'view_submission',
        team: { id: 'T1' },
        user: { id: 'U1' },
        view: { id: 'V1', callback_id: 'v1', state: { values: {} } },
      }),
    });
    const res = await post(view, signed(view));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ response_action: 'errors', errors: { b1: 'wrong' } });
  });

  it('acks an Events API delivery at once (empty 200), then runs its listener', async () => {
    let release = () => {};
    hold = new Promise<void>((r) => {
      release = r;
    });
    const body = event({ type: 'app_home_opened', user: 'U1', tab: 'home' });
    const res = await post(body, signed(body, SECRET, undefined, `${JSON_TYPE}; charset=utf-8`));
    release();
    await eventually(() => events.includes('listener event app_home_opened'), 3000);
    expect(res).toEqual({ status: 200, text: '' });
    expect(events).toEqual(['answered 200', 'listener event app_home_opened']);
  });

  it("gives the listener Slack's retry number and reason, as Bolt's context carries them", async () => {
    const body = event({ type: 'channel_archive', channel: 'C1', user: 'U1' });
    const headers = {
      ...signed(body, SECRET, undefined, JSON_TYPE),
      'x-slack-retry-num': '2',
      'x-slack-retry-reason': 'http_timeout',
    };
    // Held like the others: the answer must arrive while the listener still waits.
    let release = () => {};
    hold = new Promise<void>((r) => {
      release = r;
    });
    const res = await post(body, headers);
    release();
    await eventually(
      () => events.some((e) => e.startsWith('listener event channel_archive')),
      3000,
    );
    expect(res).toEqual({ status: 200, text: '' });
    expect(events).toEqual([
      'answered 200',
      'listener event channel_archive, retry 2 http_timeout',
    ]);
  });

  it('refuses a wrong, missing, stale or future signature with 401 before parsing anything', async () => {
    const body = command('/fast', 'P1 M1');
    const now = Math.floor(Date.now() / 1000);
    const statuses = [
      (await post(body, signed(body, 'not-the-secret'))).status,
      (await post(body, { 'content-type': FORM })).status,
      (await post(body, signed(body, SECRET, now - 600))).status,
      (await post(body, signed(body, SECRET, now + 600))).status,
      // Not even JSON: unsigned, it is refused for its signature, never parsed (no 400).
      (await post('{{{', { 'content-type': JSON_TYPE })).status,
    ];
    await settle();
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(events.filter((e) => e.startsWith('listener'))).toEqual([]);
  });

  it('answers 400 to a signed body that does not parse, and runs nothing', async () => {
    const broken = '{"type":"event_callback",';
    const res = await post(broken, signed(broken, SECRET, undefined, JSON_TYPE));
    expect(res.status).toBe(400);
    expect(events).toEqual(['answered 400']);
  });

  it("answers Slack's ssl_check and url_verification itself", async () => {
    const ssl = form({ ssl_check: '1', token: 'x' });
    expect(await post(ssl, signed(ssl))).toEqual({ status: 200, text: '' });
    const verify = JSON.stringify({ type: 'url_verification', challenge: 'c1' });
    const res = await post(verify, signed(verify, SECRET, undefined, JSON_TYPE));
    expect(JSON.parse(res.text)).toEqual({ challenge: 'c1' });
    expect(events.filter((e) => e.startsWith('listener'))).toEqual([]);
  });

  it('refuses a body announced over the limit with 413 before reading it, and one sent without a length', async () => {
    const announced = await post('x'.repeat(70 * 1024), { 'content-type': FORM });
    expect(announced.status).toBe(413);
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
  });

  it('answers 503 while the bodies held at once would pass their budget', async () => {
    // Two requests of 50 KiB each under the 64 KiB limit; the budget of all bodies is 80 KiB.
    const held = request(url, {
      method: 'POST',
      headers: { 'content-type': FORM, 'content-length': String(50 * 1024) },
    });
    held.on('error', () => {});
    held.write(Buffer.alloc(50 * 1024 - 1, 'a'));
    await settle();
    const second = await post('b'.repeat(50 * 1024), { 'content-type': FORM });
    held.destroy();
    expect(second.status).toBe(503);
  });

  it('reads a body that comes in several pieces whole, and checks its signature over all of it', async () => {
    const body = command('/fast', `P1 ${'x'.repeat(3000)}`);
    const headers = { ...signed(body), 'content-length': String(Buffer.byteLength(body)) };
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers });
      req.on('response', (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      });
      req.on('error', reject);
      req.flushHeaders();
      const pieces = [body.slice(0, 100), body.slice(100, 2000), body.slice(2000)];
      void (async () => {
        for (const piece of pieces) {
          req.write(piece);
          await new Promise((r) => setTimeout(r, 20));
        }
        req.end();
      })();
    });
    expect(status).toBe(200);
    await eventually(() => events.some((e) => e.startsWith('listener /fast P1 xxx')), 3000);
  });

  it('serves its custom routes with their params, and 404 for anything else', async () => {
    const thing = await fetch(`${base}/things/42`);
    expect(await thing.text()).toBe('thing 42');
    expect((await fetch(`${base}/nothing`)).status).toBe(404);
    expect((await fetch(url)).status).toBe(404);
  });

  it('passes routes on from its ack thread only, with the client address it saw', async () => {
    const seen = (await (await fetch(`${base}/peer`)).json()) as { peer: string; passed: string[] };
    // The route sees the client's address, not the thread's own hop, and none of its headers.
    expect(seen).toEqual({ peer: '127.0.0.1', passed: [] });
    const started = log.lines().find((l) => l.msg === 'ack thread listening');
    expect(started).toMatchObject({ port: receiver.port() });
    const direct = await fetch(`http://127.0.0.1:${started!.routesPort}/peer`, {
      headers: { 'x-querydesk-ack-thread': 'a guess', 'x-querydesk-peer': '127.0.0.1' },
    });
    expect(direct.status).toBe(403);
    expect(
      log.lines().some((l) => l.msg === 'request on the routes port not from the ack thread'),
    ).toBe(true);
  });
});
