import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Redis } from 'ioredis';
import { freePort } from '../../../src/console/free-port.js';

/** A throwaway `redis-server` on its own port and data directory, never the shared one. */
export interface OwnRedis {
  url: string;
  /** SIGTERM (as `systemctl stop` does); resolves once the process is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it answers PING. */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The server, or why it cannot be started here. */
export async function startRedis(): Promise<OwnRedis | { skip: string }> {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    return { skip: 'no redis-server on this machine' };
  }
  const dir = mkdtempSync('/tmp/qd-drill-redis-');
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    child = spawn(
      'redis-server',
      [
        ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
        ...['--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      ],
      { stdio: 'ignore' },
    );
    const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => 50 });
    probe.on('error', () => {});
    try {
      await probe.connect().catch(() => undefined);
      await probe.ping();
    } finally {
      probe.disconnect();
    }
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = once(c, 'exit');
    c.kill('SIGTERM');
    const timer = setTimeout(() => c.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
    child = undefined;
  };
  try {
    await start();
  } catch (err) {
    await stop();
    rmSync(dir, { recursive: true, force: true });
    return { skip: `redis-server did not start: ${(err as Error).message}` };
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
