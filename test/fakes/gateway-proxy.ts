import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does with the next request instead of passing it on. */
export type ProxyFault = 'http-500' | 'unreadable' | 'reset' | 'reset-after-forward' | 'slow';

/**
 * A gateway in front of the sandbox: passes every request on, except that queued faults answer
 * the next requests instead (a 5xx, a body that is not JSON, a cut connection before or after the
 * sandbox saw the request). Counts what reached the sandbox.
 */
export async function startGatewayProxy(target: string): Promise<{
  url: string;
  fail(...faults: ProxyFault[]): void;
  /** Rewrites the bodies the sandbox answers with until called again with undefined. */
  rewrite(fn: ((body: string) => string) | undefined): void;
  /**
   * Holds every answer (or those of paths `only` accepts) after the sandbox served (and charged)
   * it, until `release` is called: the test can change the world while a paid call is in flight.
   */
  hold(only?: (path: string) => boolean): { release(): void };
  forwarded: () => number;
  /** Every request that arrived, faulted or not. */
  received: () => number;
  close(): Promise<void>;
}> {
  const faults: ProxyFault[] = [];
  let forwarded = 0;
  let received = 0;
  let rewrite: ((body: string) => string) | undefined;
  let gate: Promise<void> | undefined;
  let gated: (path: string) => boolean = () => true;
  const forward = async (method: string, path: string, headers: Headers, body: Buffer) => {
    forwarded++;
    const res = await fetch(new URL(path.replace(/^\//, ''), `${target.replace(/\/$/, '')}/`), {
      method,
      headers,
      body: method === 'GET' ? undefined : new Uint8Array(body),
    });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(Buffer.from(c));
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k))
        headers.set(k, v);
    }
    received++;
    const fault = faults.shift();
    if (fault === 'reset') return void req.socket.destroy();
    if (fault === 'http-500') return void res.writeHead(500).end('upstream exploded');
    if (fault === 'unreadable')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops');
    const answer = await forward(
      req.method ?? 'GET',
      req.url ?? '/',
      headers,
      Buffer.concat(chunks),
    );
    if (gate && gated(req.url ?? '/')) await gate;
    if (fault === 'reset-after-forward') return void req.socket.destroy();
    if (fault === 'slow') {
      // Holds the answer until the client gives up and closes the connection.
      await new Promise<void>((r) => {
        const timer = setTimeout(r, 60_000);
        res.once('close', () => {
          clearTimeout(timer);
          r();
        });
      });
      if (res.destroyed) return;
    }
    res.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' });
    res.end(rewrite ? rewrite(answer.text) : answer.text);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fail: (...f) => faults.push(...f),
    rewrite: (fn) => {
      rewrite = fn;
    },
    hold(only) {
      gated = only ?? (() => true);
      let release = () => {};
      gate = new Promise<void>((r) => {
        release = () => {
          gate = undefined;
          r();
        };
      });
      return { release: () => release() };
    },
    forwarded: () => forwarded,
    received: () => received,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export type GatewayProxy = Awaited<ReturnType<typeof startGatewayProxy>>;
