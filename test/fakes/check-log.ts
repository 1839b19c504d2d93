import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

/** One status check as it passed through: which session, when it left and when it was answered. */
export interface CheckSpan {
  sessionId: string;
  start: number;
  end: number;
  /** The bearer token it carried (tests give each process its own, to tell who checked). */
  token: string;
}

/**
 * A loopback proxy in front of the sandbox that notes, per QR session, when each status check
 * (operation 3) started and ended, so a test can prove that no session was checked twice at once.
 */
export async function startCheckLog(target: string, opts: { statusDelayMs?: number } = {}) {
  const spans: CheckSpan[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    const start = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const headers = { ...req.headers };
        delete headers.host;
        delete headers.connection;
        const answer = await request(`${target}${url.pathname}${url.search}`, {
          method: req.method === 'POST' ? 'POST' : 'GET',
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        });
        const body = Buffer.from(await answer.body.arrayBuffer());
        const sessionId = url.searchParams.get('session_id');
        if (opts.statusDelayMs && url.pathname.endsWith('/sel-media-stu')) {
          await new Promise((r) => setTimeout(r, opts.statusDelayMs));
        }
        if (url.pathname.endsWith('/sel-media-stu') && sessionId) {
          const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
          spans.push({ sessionId, start, end: performance.now(), token });
        }
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(answer.headers)) {
          if (typeof v === 'string' && k !== 'transfer-encoding' && k !== 'connection') out[k] = v;
        }
        res.writeHead(answer.statusCode, out);
        res.end(body);
      } catch {
        res.writeHead(502);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...spans],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
