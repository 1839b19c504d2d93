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
      // Waited for up to 15 s: on a loaded machine redis-server can take over a second to listen,
      // longer than ioredis' 20 retries of a command 50 ms apart (MaxRetriesPerRequestError).
      const probe = new Redis(port, '127.0.0.1', {
        lazyConnect: true,
        retryStrategy: () => 50,
        maxRetriesPerRequest: null,
      });
      probe.on('error', () => {});
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`redis-server on port ${port} did not answer within 15 s`)),
          15_000,
        );
      });
      try {
        await probe.connect().catch(() => undefined);
        await Promise.race([probe.ping(), late]);
      } finally {
        clearTimeout(timer);
        probe.disconnect();
      }
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
