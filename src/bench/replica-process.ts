import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../console/free-port.js';

/** One bot process, started as production starts it. */
export interface ReplicaProcess {
  base: string;
  events: string;
  /** From spawning to the first 200 on /healthz. */
  readyMs: number;
  /** Resident memory of the bot process now (the Node process itself, not npm). */
  rssMiB(): number;
  stop(): Promise<void>;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/** The node process under `npm start` (npm → sh → node scripts/start.mjs). */
function botPid(root: number): number {
  const children = (pid: number): number[] => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  let pid = root;
  for (let depth = 0; depth < 4; depth++) {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const isNode = /(^|\/)node$/.test(argv[0] ?? '');
    if (isNode && argv.some((a) => a.endsWith('start.mjs') || /dist\/(app\/)?main\.js$/.test(a)))
      return pid;
    const next = children(pid)[0];
    if (next === undefined) break;
    pid = next;
  }
  return root;
}

/**
 * Starts the bot with `env` (HTTP mode) through `npm start`, or `node dist/main.js` when
 * `direct`; resolves once /healthz answers.
 */
export async function startReplica(
  env: Record<string, string>,
  options: {
    direct?: boolean;
    nodeArgs?: string[];
    /** The checkout to run (default: this one), e.g. an older build to compare with. */
    appDir?: string;
    /** With `direct`: another entry script than the bundle (the plain Bolt reference). */
    script?: string;
  } = {},
): Promise<ReplicaProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  // The bundle production runs (scripts/bundle.mjs); an older checkout may only have tsc's output.
  const bundled = join(options.appDir ?? process.cwd(), 'dist', 'app', 'main.js');
  const script = options.script ?? (existsSync(bundled) ? bundled : 'dist/main.js');
  const child: ChildProcess = options.direct
    ? spawn(process.execPath, [...(options.nodeArgs ?? []), script], {
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', 'ignore', 'inherit'],
        cwd: options.appDir,
      })
    : spawn('npm', ['start', '--silent'], {
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', 'ignore', 'inherit'],
        detached: true,
        cwd: options.appDir,
      });
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
  const pid = options.direct ? child.pid! : botPid(child.pid!);
  return {
    base,
    events: `${base}/slack/events`,
    readyMs,
    rssMiB: () => rssOf(pid),
    async stop() {
      if (child.exitCode !== null) return;
      if (options.direct) child.kill('SIGTERM');
      else process.kill(-child.pid!, 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
