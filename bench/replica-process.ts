import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { freePort } from '../src/console/free-port.js';
import { type Launch, launcher } from './launcher.js';

/** One bot process, started as production starts it. */
export interface ReplicaProcess {
  /** The node process serving (the launcher execs node, so this is the bot itself). */
  pid: number;
  base: string;
  events: string;
  /** From spawning to the first 200 on /healthz. */
  readyMs: number;
  /**
   * Resident memory of the bot process now (the Node process itself, not npm); once it has
   * exited (stopped, or killed at a benchmark's limit), the last reading, so a sampler still
   * running then reads a figure rather than throwing.
   */
  rssMiB(): number;
  stop(): Promise<void>;
}

/** Resident memory of `pid` now, in MiB; `undefined` once the process is gone. */
function rssOf(pid: number): number | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/**
 * Starts the bot with `env` (HTTP mode) through the production launcher (scripts/start.sh, which
 * execs node, so the child is the bot process itself), or a plain `node <script>` for the
 * reference app; resolves once /healthz answers.
 */
export async function startReplica(
  env: Record<string, string>,
  options: {
    /** The checkout to run (default: this one), e.g. an older build to compare with. */
    appDir?: string;
    /** Another entry script than the bot, run by plain node (the plain Bolt reference). */
    script?: string;
    /** Where the process's standard output (its log) goes; by default nowhere. */
    logFile?: string;
  } = {},
): Promise<ReplicaProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const run: Launch =
    options.script === undefined
      ? launcher(options.appDir)
      : { command: process.execPath, args: [options.script] };
  const out = options.logFile === undefined ? 'ignore' : logFd(options.logFile);
  const child: ChildProcess = spawn(run.command, run.args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', out, 'inherit'],
    cwd: options.appDir,
  });
  // The child has its own copy of the descriptor.
  if (typeof out === 'number') closeSync(out);
  const exited = once(child, 'exit');
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bot exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - t0 > 60_000) throw new Error('bot not ready in 60 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = performance.now() - t0;
  const pid = child.pid!;
  let lastRss = rssOf(pid) ?? Number.NaN;
  return {
    pid,
    base,
    events: `${base}/slack/events`,
    readyMs,
    rssMiB: () => {
      lastRss = rssOf(pid) ?? lastRss;
      return lastRss;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function logFd(file: string): number {
  mkdirSync(dirname(file), { recursive: true });
  return openSync(file, 'w');
}

/**
 * The warnings and errors in a pino log (one JSON object a line), counted by message, most
 * frequent first: `lease lost; its work stops: 12; qr status check failed: 3`; `none` when there
 * are none, `no log` when the file cannot be read.
 */
export function warningsIn(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return 'no log';
  }
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { level?: unknown; msg?: unknown };
    try {
      entry = JSON.parse(line) as { level?: unknown; msg?: unknown };
    } catch {
      continue;
    }
    if (typeof entry.level !== 'number' || entry.level < 40) continue;
    const msg = String(entry.msg ?? '(no message)');
    counts.set(msg, (counts.get(msg) ?? 0) + 1);
  }
  if (counts.size === 0) return 'none';
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([msg, n]) => `${msg}: ${n}`)
    .join('; ');
}
