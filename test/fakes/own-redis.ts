import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';

/** A redis-server of the test's own, on its own port, that the test may stop and start. */
export function ownRedis(port: number) {
  let child: ChildProcess | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => 50 });
      probe.on('error', () => {});
      await probe.connect().catch(() => undefined);
      await probe.ping();
      probe.disconnect();
    },
    async stop() {
      if (!child) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
      child = undefined;
    },
  };
}
