import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../src/console/start-console.js';
import { startTestConsole } from './start.js';

let qd: RunningConsole;
let base: string;
beforeAll(async () => {
  qd = await startTestConsole();
  base = `http://127.0.0.1:${qd.port}`;
});
afterAll(async () => {
  await qd?.stop();
});

const send = (
  headers: Record<string, string>,
  body = JSON.stringify({ command: '/querydesk', text: 'help' }),
) =>
  request(`${base}/console/command`, { method: 'POST', headers, body }).then(async (r) => ({
    status: r.statusCode,
    body: await r.body.text(),
  }));

describe('the local console answers only its own page on this machine', () => {
  it('accepts a JSON request from its own origin', async () => {
    const res = await send({
      'content-type': 'application/json',
      origin: `http://localhost:${qd.port}`,
    });
    expect(res.status).toBe(200);
  });

  it('refuses a request from another web page (Origin)', async () => {
    const res = await send({ 'content-type': 'application/json', origin: 'http://evil.example' });
    expect(res.status).toBe(403);
  });

  it('refuses a request naming another host (DNS rebinding)', async () => {
    const res = await send({ 'content-type': 'application/json', host: `evil.example:${qd.port}` });
    expect(res.status).toBe(403);
  });

  it('refuses a cross-site "simple" request that is not JSON', async () => {
    const res = await send({ 'content-type': 'text/plain' });
    expect(res.status).toBe(400);
    expect(res.body).toMatch(/application\/json/);
  });

  it('listens on loopback only', () => {
    const address = qd.querydesk.runtime.app as unknown as {
      receiver: { server: { address(): { address: string } } };
    };
    expect(address.receiver.server.address().address).toBe('127.0.0.1');
  });
});
