import { writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGateway } from '../../src/console/default-gateway.js';
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
    expect(qd.querydesk.runtime.address()?.address).toBe('127.0.0.1');
  });
});

describe('the console published by a container (CONSOLE_LISTEN, CONSOLE_PUBLISHED_PORT)', () => {
  let inContainer: RunningConsole;
  let published: number;
  beforeAll(async () => {
    published = qd.port === 18_081 ? 18_082 : 18_081;
    inContainer = await startTestConsole({
      CONSOLE_LISTEN: 'all',
      CONSOLE_PUBLISHED_PORT: String(published),
    });
  });
  afterAll(async () => {
    await inContainer?.stop();
  });
  const sendTo = (c: RunningConsole, headers: Record<string, string>) =>
    request(`http://127.0.0.1:${c.port}/console/command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ command: '/querydesk', text: 'help' }),
    }).then((r) => r.statusCode);

  it("listens on the container's interfaces, and names the published port as its address", () => {
    expect(inContainer.querydesk.runtime.address()?.address).toBe('0.0.0.0');
    expect(inContainer.url).toBe(`http://localhost:${published}/`);
  });

  it('accepts the page the browser opened at the published port on the host', async () => {
    const headers = { host: `localhost:${published}`, origin: `http://localhost:${published}` };
    expect(await sendTo(inContainer, headers)).toBe(200);
  });

  it('still refuses other hosts and origins, and other ports', async () => {
    expect(await sendTo(inContainer, { host: `evil.example:${published}` })).toBe(403);
    expect(await sendTo(inContainer, { origin: `http://evil.example:${published}` })).toBe(403);
    expect(await sendTo(inContainer, { host: `localhost:${published + 1}` })).toBe(403);
  });

  it('refuses a peer that is neither loopback nor the publishing host, whatever its headers', async () => {
    // This machine's own network address: the connection's source is then not loopback.
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    expect(lan).toBeDefined();
    const headers = { host: `localhost:${published}`, origin: `http://localhost:${published}` };
    const status = await request(`http://${lan}:${inContainer.port}/console/command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ command: '/querydesk', text: 'help' }),
    }).then((r) => r.statusCode);
    expect(status).toBe(403);
    expect(await sendTo(inContainer, headers)).toBe(200);
  });

  it('by default accepts no other port than its own', async () => {
    expect(await sendTo(qd, { host: `localhost:${published}` })).toBe(403);
  });
});

describe('the publishing host', () => {
  it("is read from the routing table's default route", () => {
    const table = join(tmpdir(), `qd-route-${process.pid}`);
    writeFileSync(
      table,
      'Iface\tDestination\tGateway \tFlags\n' +
        'eth0\t00000000\t010011AC\t0003\n' +
        'eth0\t000011AC\t00000000\t0001\n',
    );
    expect(defaultGateway(table)).toEqual(['172.17.0.1']);
    expect(defaultGateway(join(tmpdir(), 'no-such-route-table'))).toEqual([]);
  });
});
