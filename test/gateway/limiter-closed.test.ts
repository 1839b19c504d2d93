import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startBot } from '../fakes/bot.js';
import { eventually } from '../fakes/eventually.js';

// The shared limit's Redis connection belongs to the bot's gateway client: a stop closes it, so
// a process that stops its app (a test, a graceful shutdown that is not an exit) leaves no socket
// open to Redis. Before, the client closed only a limiter it had made itself, and the one the
// wiring made was left open.

const REDIS_PORT = 6379;

/** This process's established TCP connections to the Redis port (from /proc). */
function redisSockets(): number {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // The fd closed while listing.
    }
  }
  let count = 0;
  for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const remotePort = Number.parseInt(cols[2]!.split(':')[1]!, 16);
      const established = cols[3] === '01';
      if (remotePort === REDIS_PORT && established && inodes.has(cols[9]!)) count++;
    }
  }
  return count;
}

describe('the shared limit at stop', () => {
  it('closes its Redis connection when the bot stops', async () => {
    const before = redisSockets();
    const h = await startBot({ REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, REPLICAS: '2' });
    try {
      await eventually(() => redisSockets() > before, 5_000, 'the limiter connected to Redis');
    } finally {
      await h.stop();
    }
    await eventually(() => redisSockets() === before, 5_000, 'the Redis connection closed');
    expect(redisSockets()).toBe(before);
  });
});
