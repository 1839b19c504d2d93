import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the link is holding: its path and when it will be passed on (epoch ms). */
export interface HeldRequest {
  path: string;
  releaseAt: number;
}

export interface SlowLink {
  url: string;
  /** The requests held right now, not yet passed on. */
  held(): HeldRequest[];
  close(): Promise<void>;
}

/**
 * A forwarding proxy that holds every request `delayMs` before passing it on: calls to the
 * gateway are then in flight long enough for a fault elsewhere to land in the middle of them.
 * A request whose caller hangs up (or dies) while it is held never reaches the gateway, as a
 * request still in the caller's network stack would not.
 */
export async function slowLink(target: string, delayMs: number): Promise<SlowLink> {
  const to = new URL(target);
  const holding = new Set<HeldRequest>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let gone = false;
    res.on('close', () => {
      if (!res.writableFinished) gone = true;
    });
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const held: HeldRequest = { path: req.url ?? '', releaseAt: Date.now() + delayMs };
      holding.add(held);
      setTimeout(() => {
        holding.delete(held);
        if (gone) return;
        const out = request(
          {
            host: to.hostname,
            port: to.port,
            method: req.method,
            path: req.url,
            headers: req.headers,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        out.on('error', () => res.destroy());
        out.end(Buffer.concat(chunks));
      }, delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => [...holding],
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
