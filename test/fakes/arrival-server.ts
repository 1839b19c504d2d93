import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server that answers every request with `body` and records arrival times. */
export async function startArrivalServer(body: (path: string) => unknown): Promise<{
  url: string;
  arrivals: { path: string; at: number }[];
  close: () => Promise<void>;
}> {
  const arrivals: { path: string; at: number }[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    arrivals.push({ path, at: performance.now() });
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body(path)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Most arrivals inside any sliding window of `windowMs`. */
export function maxInWindow(times: number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
