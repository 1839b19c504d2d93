import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';

/**
 * Which run wrote a journal file, and whether that run is still alive. A process id says nothing
 * after a restart in a container (PID 1 and the same hostname every time), so each run has its own
 * random id, in its files' names, and listens on a Unix domain socket `<run>.sock` beside them: the
 * operating system stops answering on it the moment the process dies (kill -9 included), while the
 * socket file stays. A run is alive iff connecting to its socket succeeds.
 */
export interface RunLock {
  /** 16 hex digits, this run's own. */
  readonly run: string;
  /** Settles once the socket answers; rejects when it cannot be made (the error is logged). */
  readonly ready: Promise<void>;
  /** Stops answering and removes the socket: what this run left may be taken from now on. */
  release(): Promise<void>;
}

/** The socket of `run` in `dir`. Kept short: a Unix socket's path is at most 107 bytes. */
export function runSocket(dir: string, run: string): string {
  return join(dir, `${run}.sock`);
}

/** The longest directory a run's socket fits in (Linux's sun_path, less `/<run>.sock`). */
export const RUN_DIR_MAX_BYTES = 107 - 22;

export function holdRunLock(dir: string): RunLock {
  const run = randomBytes(8).toString('hex');
  const path = runSocket(dir, run);
  // Each connection is only a question "are you there?": answered by accepting, then closed.
  const server = createServer((socket) => socket.destroy());
  const ready = new Promise<void>((done, failed) => {
    server.once('error', failed);
    try {
      mkdirSync(dir, { recursive: true });
      server.listen(path, () => done());
    } catch (err) {
      failed(err);
    }
  });
  server.unref();
  return {
    run,
    ready,
    async release() {
      if (server.listening) await new Promise<void>((done) => server.close(() => done()));
      rmSync(path, { force: true });
    },
  };
}

/**
 * Whether the run that wrote a file in `dir` still holds its lock. Refused or missing means gone
 * (even when a live process has the same pid and hostname); any other error counts as alive, so a
 * doubt never takes a live run's charges.
 */
export function runAlive(dir: string, run: string): Promise<boolean> {
  return new Promise((answer) => {
    const socket = createConnection(runSocket(dir, run));
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      socket.destroy();
      answer(err.code !== 'ECONNREFUSED' && err.code !== 'ENOENT');
    });
  });
}
