import type { Worker } from 'node:worker_threads';

/**
 * The life of a worker thread this process owns (the ack thread, the background thread): it is
 * up once it says so; it fails to start with its reason; asked to close, it says when it has,
 * and is then terminated; if it ends without being asked, the owner is told it was lost. The
 * messages in between are the thread's own, passed to `on`.
 */
export interface WorkerProtocol<
  From extends { type: string },
  To,
  Up extends From['type'],
  Closed extends From['type'],
> {
  /** The thread, for its messages: "the ack thread". */
  name: string;
  /** The type of its message that says it is up (answered to the start). */
  up: Up;
  /** The reason in its message of type 'failed', when it could not start. */
  failedWhy: (m: Extract<From, { type: 'failed' }>) => string;
  /** The type of its message that says it has closed, and the message that asks it to. */
  closed: Closed;
  close: To;
}

export interface OwnedWorker<To> {
  /** Posts to the thread; nothing once it has ended. */
  send(m: To): void;
  /** Whether the thread has ended. */
  ended(): boolean;
  /** Asks the thread to close, waits until it has (or has ended), then terminates it. */
  close(): Promise<void>;
}

/**
 * Owns `worker`: `up` resolves with its message once it is up, and rejects with the reason when
 * it cannot start; `thread` can post to it at once. Afterwards `lost` is called if it ends without
 * being closed, and `ended` once it has ended either way.
 */
export function ownWorker<
  From extends { type: string },
  To,
  Up extends From['type'],
  Closed extends From['type'],
>(
  worker: Worker,
  protocol: WorkerProtocol<From, To, Up, Closed>,
  p: {
    on: (m: Exclude<From, { type: Up | Closed | 'failed' }>) => void;
    lost: (why: string) => void;
    ended?: () => void;
  },
): { up: Promise<Extract<From, { type: Up }>>; thread: OwnedWorker<To> } {
  let exited = false;
  let closing: Promise<void> | undefined;
  let onClosed: (() => void) | undefined;
  const thread: OwnedWorker<To> = {
    send: (m) => {
      if (!exited) worker.postMessage(m);
    },
    ended: () => exited,
    close: () => {
      closing ??= exited
        ? Promise.resolve()
        : new Promise<void>((done) => {
            onClosed = done;
            worker.postMessage(protocol.close);
          }).then(() => worker.terminate().then(() => undefined));
      return closing;
    },
  };
  const up = new Promise<Extract<From, { type: Up }>>((resolve, reject) => {
    let started = false;
    const fail = (why: string) => {
      if (closing) return;
      if (started) p.lost(why);
      else reject(new Error(`${protocol.name} did not start: ${why}`));
    };
    worker.on('message', (m: From) => {
      if (m.type === protocol.up) {
        started = true;
        resolve(m as Extract<From, { type: Up }>);
      } else if (m.type === 'failed') {
        void worker.terminate();
        fail(protocol.failedWhy(m as Extract<From, { type: 'failed' }>));
      } else if (m.type === protocol.closed) onClosed?.();
      else p.on(m as Exclude<From, { type: Up | Closed | 'failed' }>);
    });
    worker.on('error', (err) => fail(err.message));
    worker.on('exit', (code) => {
      exited = true;
      p.ended?.();
      onClosed?.();
      fail(`the thread exited (code ${code})`);
    });
  });
  return { up, thread };
}
