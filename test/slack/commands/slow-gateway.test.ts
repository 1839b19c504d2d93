import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotHarness, startBot } from '../../fakes/bot.js';

/** A stand-in gateway: answers after `delayMs` with whatever `answer` says for the path. */
let delayMs = 0;
let answer: (path: string) => unknown = () => ({ code: 0, msg: 'ok', data: {} });
let server: Server;
let h: BotHarness;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer(req.url ?? '')));
    }, delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  h = await startBot({
    GATEWAY_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    GATEWAY_TOKEN: 'real-token-xyz',
  });
});
afterAll(async () => {
  await h?.stop();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const ephemerals = () => h.double.messages().filter((m) => m.ephemeral);

describe('a slow or failing real gateway', () => {
  it('a 2.5 s gateway is still acknowledged within 3 s; the card follows', async () => {
    delayMs = 2500;
    answer = () => ({
      code: 0,
      msg: 'ok',
      data: {
        order_number: 'P9',
        relation_order_number: 'R9',
        order_price: 100,
        order_realy_price: 100,
        order_status: 1,
        withholding_money: 0,
      },
    });
    const before = ephemerals().length;
    const t0 = Date.now();
    const ack = await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: 'P9 M9 type=platform',
    });
    const ackMs = Date.now() - t0;
    expect(ack.status).toBe(200);
    expect(ackMs).toBeLessThan(3000);
    const card = await h.double.waitFor(() => ephemerals()[before], 8000);
    expect(card.text).toMatch(/Paid/);
    // A real gateway's answers do not say "sandbox".
    expect(card.text).not.toMatch(/sandbox/);
  });

  it('an invalid token (401) says so and who can fix it, with no stack trace', async () => {
    delayMs = 0;
    answer = () => ({ code: 401, msg: 'token invalid', data: '' });
    const before = ephemerals().length;
    await h.double.sendCommand(h.events, { command: '/account', text: 'someone' });
    const card = await h.double.waitFor(() => ephemerals()[before], 8000);
    expect(card.text).toMatch(/access token is missing or invalid/);
    expect(card.text).toMatch(/admin/);
    expect(JSON.stringify(card.blocks)).not.toMatch(/\.ts:\d+|at [A-Za-z]+ \(/);
    expect(h.log.text()).not.toContain('real-token-xyz');
  });

  it('an unreadable answer becomes a clear error; the raw body stays in the log', async () => {
    answer = () => 'not an envelope';
    const before = ephemerals().length;
    await h.double.sendCommand(h.events, { command: '/account', text: 'someone' });
    const card = await h.double.waitFor(() => ephemerals()[before], 8000);
    expect(card.text).toMatch(/cannot read/);
    expect(card.text).not.toContain('not an envelope');
    expect(h.log.text()).toContain('not an envelope');
  });
});
