import { createServer } from 'node:net';

/**
 * Ports tried first: below Linux's default ephemeral range (32768–60999). A port the OS hands out
 * for `listen(0)` is one it may hand out again to the next `listen(0)` once it is closed: a bot
 * given such a PORT can find it taken by its own loopback receiver (bound to port 0 just before the
 * public port), and answer /healthz there while its public port fails with EADDRINUSE.
 */
const LOW = 20_000;
const HIGH = 32_768;
const TRIES = 40;

function listenable(port: number, host: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, host, () => {
      const address = server.address();
      const got = typeof address === 'object' && address ? address.port : undefined;
      server.close(() => resolve(got));
    });
  });
}

/**
 * A TCP port free now (for PORT=0, where the bot must know its URL before it binds): one below the
 * ephemeral range when one of a few random tries is free, else one the OS picks.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  for (let i = 0; i < TRIES; i++) {
    const port = await listenable(LOW + Math.floor(Math.random() * (HIGH - LOW)), host);
    if (port) return port;
  }
  const port = await listenable(0, host);
  if (!port) throw new Error('no free port found');
  return port;
}
