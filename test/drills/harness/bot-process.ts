import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** One querydesk process, as an operator starts it: `node main.js` with an environment. */
export interface BotProcess {
  readonly name: string;
  readonly child: ChildProcess;
  port: number;
  base: string;
  events: string;
  /** Every pino line it printed so far. */
  readonly logs: LogLine[];
  /** What it printed that was not a log line (start-up failures). */
  readonly other: string[];
  readonly exited: Promise<number | null>;
  /** GET a path; the status, or 0 when nothing answers. */
  status(path: string): Promise<number>;
  /** Writes what it logged to test-artifacts/drills/<file>.log (to read after a failed drill). */
  saveLogs(file: string): void;
  /** SIGTERM and wait (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<number | null>;
}

export async function spawnBot(
  main: string,
  name: string,
  env: Record<string, string>,
  startTimeoutMs = 30_000,
): Promise<BotProcess> {
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  const other: string[] = [];
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const started = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`${name} did not start within ${startTimeoutMs} ms: ${other.join(' ')}`)),
      startTimeoutMs,
    );
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) while starting: ${other.join(' ')}`));
    });
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        let parsed: LogLine | undefined;
        try {
          parsed = JSON.parse(line) as LogLine;
        } catch {
          other.push(line);
          return;
        }
        logs.push(parsed);
        if (parsed.msg === 'querydesk started') {
          clearTimeout(timer);
          resolve(Number(parsed.port));
        }
      });
    }
  });
  const port = await started;
  const base = `http://127.0.0.1:${port}`;
  return {
    name,
    child,
    port,
    base,
    events: `${base}/slack/events`,
    logs,
    other,
    exited,
    async status(path) {
      try {
        const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(5_000) });
        await res.arrayBuffer();
        return res.status;
      } catch {
        return 0;
      }
    },
    saveLogs(file) {
      const dir = join(import.meta.dirname, '..', '..', '..', 'test-artifacts', 'drills');
      mkdirSync(dir, { recursive: true });
      const lines = [...logs.map((l) => JSON.stringify(l)), ...other];
      writeFileSync(join(dir, `${file}.log`), `${lines.join('\n')}\n`);
    },
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Polls until `check` holds; throws with `what` after `timeoutMs`. */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
