import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSseHub, MAX_STREAMS, type SseHub } from '../../src/console/sse-hub.js';
import type { RunningConsole } from '../../src/console/start-console.js';
import { eventually } from '../fakes/eventually.js';
import { openEvents, startTestConsole } from './start.js';

let qd: RunningConsole | undefined;
let server: Server | undefined;
let hub: SseHub | undefined;
const streams: { close(): void }[] = [];
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  hub?.close();
  server?.closeAllConnections();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  await qd?.stop();
  qd = server = hub = undefined;
});

describe("the console's event streams", () => {
  it(`serve at most ${MAX_STREAMS} pages at once; the next is told to close one`, async () => {
    qd = await startTestConsole();
    const url = `http://127.0.0.1:${qd.port}/console/events`;
    for (let i = 0; i < MAX_STREAMS; i++) {
      const s = await openEvents(url);
      streams.push(s);
      await s.next((e) => (e.event === 'snapshot' ? true : undefined));
    }
    const extra = await fetch(url);
    expect(extra.status).toBe(503);
    expect(await extra.text()).toMatch(/too many console pages open/);
    // A page closed makes room again.
    streams.pop()!.close();
    const again = await eventually(async () => {
      const res = await fetch(url);
      if (res.status === 200) return res;
      await res.body?.cancel();
      return undefined;
    });
    await again.body?.cancel();
  });

  it('drops a page that stops reading instead of buffering for it without end', async () => {
    hub = createSseHub({ maxStreams: 4, maxBufferedBytes: 256 * 1024 });
    const h = hub;
    server = createServer((_req, res) => h.open(res, { event: 'snapshot', data: {} }));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    // A tab that is frozen: it asks for the stream, then never reads a byte.
    const frozen = connect(port, '127.0.0.1');
    frozen.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    frozen.pause();
    const reader = await openEvents(`http://127.0.0.1:${port}/`);
    streams.push(reader, { close: () => frozen.destroy() });
    await eventually(() => h.size === 2);
    const big = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 400 && h.size === 2; i++) {
      h.broadcast('tick', { i, big });
      await new Promise((r) => setImmediate(r));
    }
    expect(h.size).toBe(1);
    // The page that reads still gets what follows.
    h.broadcast('after', { ok: true });
    await reader.next((e) => (e.event === 'after' ? true : undefined));
  });
});
