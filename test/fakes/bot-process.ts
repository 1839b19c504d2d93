import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** The bot as a real operating-system process, as it runs in production. */
export interface BotProcess {
  readonly pid: number;
  readonly port: number;
  /** `POST /slack/events` of this process. */
  readonly events: string;
  /** performance.now() when /readyz first answered 200. */
  readonly readyAt: number;
  /** kill -9: no shutdown hook runs, nothing is handed back. */
  kill9(): Promise<void>;
  /** SIGTERM, as an orchestrator stops it; resolves once it exited. */
  stop(): Promise<void>;
  /** Its stdout and stderr so far (pino lines), to show when a test fails. */
  output(): string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `node …args` (the bundle, or `src/main.ts` through tsx), or `command …args` when given
 * (the production launcher, which execs node), in its own process with exactly `env` (plus PATH
 * and PORT) and waits for `/readyz`. Nothing of the caller's own environment leaks in.
 */
export async function spawnBot(
  args: string[],
  env: Record<string, string>,
  opts: { cwd: string; timeoutMs?: number; command?: string },
): Promise<BotProcess> {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const port = await freePort();
  const child = spawn(opts.command ?? process.execPath, args, {
    cwd: opts.cwd,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bot exited early (${child.exitCode}):\n${out}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`bot not ready within ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyAt = performance.now();
  if (child.pid === undefined) throw new Error('bot has no pid');
  const pid = child.pid;
  return {
    pid,
    port,
    events: `${base}/slack/events`,
    readyAt,
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(force);
    },
    output: () => out,
  };
}
