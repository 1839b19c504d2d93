import { type ChildProcess, spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface RemoteArrivals {
  url: string;
  /** Arrivals since the last call, timed by the server process's own clock. */
  take(): Promise<{ path: string; at: number; token: string }[]>;
  close(): Promise<void>;
}

/** The arrival server in a child process: its clock is not stalled with the test's. */
export async function startArrivalProcess(
  env: { close?: boolean; delayMs?: number; stallMs?: number } = {},
): Promise<RemoteArrivals> {
  const script = fileURLToPath(new URL('./arrival-process.mjs', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      CLOSE: env.close ? '1' : '0',
      DELAY_MS: String(env.delayMs ?? 0),
      STALL_MS: String(env.stallMs ?? 0),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
  });
  try {
    // A remote gateway's clock is not starved by our CPU load; on shared cores, keep it so.
    setPriority(child.pid!, -10);
  } catch {
    // Not permitted: normal priority.
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async take() {
      const res = await fetch(`${url}/__arrivals`);
      return (await res.json()) as { path: string; at: number; token: string }[];
    },
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
