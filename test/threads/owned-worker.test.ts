import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { ownWorker } from '../../src/threads/owned-worker.js';

type From =
  | { type: 'up'; port: number }
  | { type: 'failed'; message: string }
  | { type: 'done' }
  | { type: 'said'; text: string };
type To = { type: 'say'; text: string } | { type: 'bye' };

const PROTOCOL = {
  name: 'the test thread',
  up: 'up',
  failedWhy: (m: { message: string }) => m.message,
  closed: 'done',
  close: { type: 'bye' },
} as const;

/** A thread from `body`, with `post` and its messages to hand. */
function thread(body: string) {
  return new Worker(
    `const { parentPort } = require('node:worker_threads');
     const post = (m) => parentPort.postMessage(m);
     ${body}`,
    { eval: true },
  );
}

function own(worker: Worker) {
  const said: From[] = [];
  const lost: string[] = [];
  const ended = vi.fn();
  const owned = ownWorker<From, To, 'up', 'done'>(worker, PROTOCOL, {
    on: (m) => void said.push(m),
    lost: (why) => void lost.push(why),
    ended,
  });
  return { ...owned, said, lost, ended };
}

describe('a worker thread this process owns', () => {
  it('is up with its message, and passes on the messages in between', async () => {
    const t = own(
      thread(`post({ type: 'up', port: 7 });
        parentPort.on('message', (m) => {
          if (m.type === 'say') post({ type: 'said', text: m.text });
          else { post({ type: 'done' }); }
        });`),
    );
    expect(await t.up).toEqual({ type: 'up', port: 7 });
    t.thread.send({ type: 'say', text: 'hello' });
    await vi.waitFor(() => expect(t.said).toEqual([{ type: 'said', text: 'hello' }]));
    await t.thread.close();
    // Closed when asked: ended, never lost.
    expect(t.thread.ended()).toBe(true);
    expect(t.ended).toHaveBeenCalledTimes(1);
    expect(t.lost).toEqual([]);
    // Nothing goes to a thread that has ended, and closing again is the same close.
    expect(() => t.thread.send({ type: 'say', text: 'late' })).not.toThrow();
    await t.thread.close();
  });

  it('fails its start with its reason, named', async () => {
    const t = own(thread(`post({ type: 'failed', message: 'port taken' });`));
    await expect(t.up).rejects.toThrow('the test thread did not start: port taken');
    expect(t.lost).toEqual([]);
  });

  it('fails its start when it ends before it is up', async () => {
    const t = own(thread(`process.exit(4);`));
    await expect(t.up).rejects.toThrow('the test thread did not start: the thread exited (code 4)');
  });

  it('is lost when it ends on its own once up', async () => {
    const t = own(thread(`post({ type: 'up', port: 1 }); setTimeout(() => process.exit(3), 50);`));
    await t.up;
    await vi.waitFor(() => expect(t.lost).toEqual(['the thread exited (code 3)']));
    expect(t.ended).toHaveBeenCalledTimes(1);
    expect(t.thread.ended()).toBe(true);
    // Closing a thread that has ended resolves at once.
    await t.thread.close();
  });

  it('is closed, not lost, when it ends while asked to close before saying so', async () => {
    const t = own(
      thread(`post({ type: 'up', port: 1 });
        parentPort.on('message', () => process.exit(0));`),
    );
    await t.up;
    await t.thread.close();
    expect(t.lost).toEqual([]);
    expect(t.ended).toHaveBeenCalledTimes(1);
  });
});
