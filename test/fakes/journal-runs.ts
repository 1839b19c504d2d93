import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * Another run of querydesk on a journal directory, in its own process: it holds a run's lock as a
 * bot does (listening on `<run>.sock` beside the files, src/ledger/journal-lock.ts) until it is
 * killed with SIGKILL, which leaves the socket file behind, refusing, as a crash or
 * `docker restart` does.
 */
export interface OtherRun {
  run: string;
  /** A journal file of this run, named with THIS process's pid and hostname. */
  file(kind: 'charges' | 'audit'): string;
  kill9(): Promise<void>;
}

const LISTEN = `require('node:net').createServer((s) => s.destroy())
  .listen(process.argv[1], () => console.log('listening'));`;

export async function otherRun(dir: string): Promise<OtherRun> {
  const run = randomBytes(8).toString('hex');
  const child: ChildProcess = spawn(process.execPath, ['-e', LISTEN, join(dir, `${run}.sock`)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout!, 'data');
  const host = hostname().replace(/[^A-Za-z0-9.]/g, '_');
  return {
    run,
    file: (kind) => join(dir, `${kind}-${host}-${process.pid}-${run}.jsonl`),
    async kill9() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
}

/** A run that has died (kill -9): its socket file is there, and refuses. */
export async function deadRun(dir: string): Promise<OtherRun> {
  const run = await otherRun(dir);
  await run.kill9();
  return run;
}
