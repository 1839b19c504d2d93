import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient, type GatewayClient } from '../../src/gateway/client.js';
import { GatewayTransportError } from '../../src/gateway/errors.js';
import { createLimiter } from '../../src/gateway/limiter.js';
import { MAX_BODY_BYTES } from '../../src/gateway/transport.js';
import { captureLogger } from '../fakes/log-capture.js';

let server: Server | undefined;
let client: GatewayClient | undefined;
afterEach(async () => {
  await client?.close();
  server?.closeAllConnections();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = client = undefined;
});

/** A broken gateway: 200, then JSON-looking bytes for as long as anyone reads them. */
async function endlessGateway(): Promise<{ url: string; written: () => number }> {
  let written = 0;
  const chunk = Buffer.alloc(64 * 1024, 'a');
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"code":0,"data":"');
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) written += chunk.length;
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, written: () => written };
}

describe('gateway response size', () => {
  it('stops reading a body that never ends at the limit, with a clear error', async () => {
    const gw = await endlessGateway();
    client = createGatewayClient({
      baseUrl: gw.url,
      logger: captureLogger('info').logger,
      timeZone: 'Asia/Shanghai',
      limiter: createLimiter({ limit: 1_000_000 }),
      // Long enough that a timeout cannot be what ends the call.
      timeouts: { connectMs: 5_000, headersMs: 60_000, bodyMs: 60_000 },
      retry: { attempts: 1 },
    });
    const heapBefore = process.memoryUsage().arrayBuffers;
    const started = Date.now();
    const err = await client
      .call(
        'payOrder',
        { orderNumber: 'P100', merchantNum: 'M1', kind: 'platform' },
        { token: 'tok-123456', workspaceId: 'T1', userId: 'U1', channelId: 'C1' },
      )
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(GatewayTransportError);
    expect(err).toMatchObject({ kind: 'too-large', retryable: false });
    expect((err as Error).message).toMatch(/larger than querydesk reads \(5 MB\)/);
    expect(Date.now() - started).toBeLessThan(30_000);
    // What was read stayed near the limit: the client closed the stream instead of draining it.
    expect(process.memoryUsage().arrayBuffers - heapBefore).toBeLessThan(4 * MAX_BODY_BYTES);
    const writtenAtFailure = gw.written();
    expect(writtenAtFailure).toBeLessThan(4 * MAX_BODY_BYTES);
  }, 40_000);
});
