import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type LimiterAsk,
  type LimiterReply,
  remoteLimiter,
  serveLimiter,
} from '../../src/background/remote-limiter.js';
import { createLimiter, LimiterBusy, type OperationLimiter } from '../../src/gateway/limiter.js';

/**
 * The background thread's gateway calls take their turn at the main thread's limiter, over a
 * message port (src/background/remote-limiter.ts): one budget per token and operation for the
 * whole process. Here both ends are real, joined by a real MessageChannel.
 */
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

function pair(limiter: OperationLimiter) {
  const { port1: main, port2: thread } = new MessageChannel();
  const served = serveLimiter(limiter, (m) => main.postMessage(m));
  main.on('message', (m: LimiterAsk) => served.ask(m));
  const remote = remoteLimiter((m) => thread.postMessage(m));
  thread.on('message', (m: LimiterReply) => remote.reply(m));
  close = async () => {
    main.close();
    thread.close();
    await remote.close();
    await limiter.close();
  };
  return { remote, served };
}

/** Most starts in any window of `windowMs`. */
function mostInWindow(starts: number[], windowMs: number): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j < sorted.length && sorted[j]! - sorted[i]! < windowMs) j++;
    most = Math.max(most, j - i);
  }
  return most;
}

describe('the limiter shared by the two threads', () => {
  it('holds one window for both threads, people first', async () => {
    const limiter = createLimiter({ limit: 4, windowMs: 300 });
    const { remote } = pair(limiter);
    const starts: { at: number; who: string }[] = [];
    const job = (who: string) => async (sent: () => void) => {
      starts.push({ at: performance.now(), who });
      sent();
    };
    const token = 'tok-shared';
    const background = Array.from({ length: 8 }, () =>
      remote.schedule({ op: 'payOrder', token, priority: 'background' }, job('thread')),
    );
    // The thread's calls are queued at the main thread's limiter before people's arrive.
    await new Promise((r) => setTimeout(r, 30));
    expect(starts.length).toBeGreaterThan(0);
    const people = Array.from({ length: 8 }, () =>
      limiter.schedule({ op: 'payOrder', token }, job('main')),
    );
    await Promise.all([...background, ...people]);
    expect(starts).toHaveLength(16);
    // Never more than the limit in a window, counting both threads' sends together.
    expect(
      mostInWindow(
        starts.map((s) => s.at),
        300,
      ),
    ).toBeLessThanOrEqual(4);
    // People's calls (the main thread's, interactive) overtake the waiting background ones.
    const lastMain = starts.findLastIndex((s) => s.who === 'main');
    const lastThread = starts.findLastIndex((s) => s.who === 'thread');
    expect(lastMain).toBeLessThan(lastThread);
  });

  it('counts a send from when the thread says it left, and frees the place when it ends', async () => {
    const limiter = createLimiter({ limit: 1, windowMs: 200 });
    const { remote } = pair(limiter);
    const token = 'tok-slow';
    let firstSentAt = 0;
    const first = remote.schedule({ op: 'payOrder', token }, async (sent) => {
      await new Promise((r) => setTimeout(r, 150));
      firstSentAt = performance.now();
      sent();
      return 'first';
    });
    const second = remote.schedule({ op: 'payOrder', token }, async () => performance.now());
    expect(await first).toBe('first');
    // The second waited one window from the first's answer, not from its admission.
    expect((await second) - firstSentAt).toBeGreaterThanOrEqual(190);
  });

  it("passes the job's own failure back, and a refusal as LimiterBusy", async () => {
    const limiter = createLimiter({ limit: 1, windowMs: 1000, maxWaitMs: 1500 });
    const { remote } = pair(limiter);
    const token = 'tok-busy';
    await expect(
      remote.schedule({ op: 'payOrder', token }, async () => {
        throw new Error('gateway said no');
      }),
    ).rejects.toThrow('gateway said no');
    const waits = [1, 2].map(() => remote.schedule({ op: 'payOrder', token }, async () => 'ok'));
    // Three ahead would wait 3 s, past the 1.5 s allowed: refused, as on the main thread.
    const refused = remote.schedule({ op: 'payOrder', token }, async () => 'never');
    await expect(refused).rejects.toBeInstanceOf(LimiterBusy);
    expect(await Promise.all(waits)).toEqual(['ok', 'ok']);
  });

  it('tells a queued call its place, and frees every place when the thread is gone', async () => {
    const limiter = createLimiter({ limit: 1, windowMs: 400 });
    const { remote, served } = pair(limiter);
    const token = 'tok-gone';
    const queued: number[] = [];
    // A job that never ends, as in a thread that died mid-call.
    void remote.schedule({ op: 'payOrder', token }, () => new Promise<never>(() => undefined));
    await new Promise((r) => setTimeout(r, 50));
    const later = limiter.schedule(
      { op: 'payOrder', token, onQueued: (i) => queued.push(i.ahead) },
      async () => 'after',
    );
    const remoteQueued: number[] = [];
    const remoteLater = remote.schedule(
      { op: 'payOrder', token, onQueued: (i) => remoteQueued.push(i.ahead) },
      async () => 'remote after',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(remoteQueued).toEqual([1]);
    served.threadGone();
    expect(await later).toBe('after');
    expect(await remoteLater).toBe('remote after');
  });
});
