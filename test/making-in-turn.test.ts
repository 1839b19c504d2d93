import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import { MAKING_AT_ONCE, WorkTracker } from '../src/work-tracker.js';
import { type BotHarness, startBotBehindProxy } from './fakes/bot.js';
import type { GatewayProxy } from './fakes/gateway-proxy.js';

const X = SANDBOX_EXAMPLES;

describe('WorkTracker.activity', () => {
  it('moves when tracked work starts and when it settles, and only then', async () => {
    const work = new WorkTracker();
    const a0 = work.activity;
    let finish!: () => void;
    const one = work.track(new Promise<void>((done) => (finish = done)));
    const a1 = work.activity;
    expect(a1).not.toBe(a0);
    await Promise.resolve();
    expect(work.activity).toBe(a1);
    finish();
    await one;
    await Promise.resolve();
    expect(work.activity).not.toBe(a1);
    const failed = work.track(Promise.reject(new Error('no')));
    const a2 = work.activity;
    await failed.catch(() => undefined);
    await Promise.resolve();
    expect(work.activity).not.toBe(a2);
  });
});

describe('WorkTracker.make', () => {
  it('runs at most its number of makings at once, the rest in turn, each tracked', async () => {
    const work = new WorkTracker(2);
    const gates: (() => void)[] = [];
    const started: number[] = [];
    const made = [1, 2, 3, 4].map((n) =>
      work.make(
        () =>
          new Promise<number>((done) => {
            started.push(n);
            gates.push(() => done(n));
          }),
      ),
    );
    await vi.waitFor(() => expect(started).toEqual([1, 2]));
    expect(work.makingDepth).toEqual({ waiting: 2, running: 2 });
    expect(work.size).toBe(4);

    gates[0]!();
    await vi.waitFor(() => expect(started).toEqual([1, 2, 3]));
    gates[1]!();
    gates[2]!();
    await vi.waitFor(() => expect(started).toEqual([1, 2, 3, 4]));
    gates[3]!();
    expect(await Promise.all(made)).toEqual([1, 2, 3, 4]);
    await work.drain();
    expect(work.size).toBe(0);
    expect(work.makingDepth).toEqual({ waiting: 0, running: 0 });
  });

  it('gives the turn on when a making fails', async () => {
    const work = new WorkTracker(1);
    const failed = work.make(async () => {
      throw new Error('not made');
    });
    const next = work.make(async () => 'made');
    await expect(failed).rejects.toThrow('not made');
    await expect(next).resolves.toBe('made');
  });
});

describe('new QR codes are made two at a time; look-ups do not wait for them', () => {
  let h: BotHarness;
  let proxy: GatewayProxy;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ h, proxy, stop } = await startBotBehindProxy());
  });
  afterAll(async () => {
    await stop?.();
  });

  const gauge = async (name: string) => {
    const text = await (await fetch(`${h.base}/metrics`)).text();
    return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  };

  it('holds the third /qr while two are being made, and answers /account meanwhile', async () => {
    // The gateway's answers to new QR codes are held: the two /qr being made wait for them.
    const held = proxy.hold((path) => path.includes('set-media-url'));
    for (const i of [1, 2, 3]) {
      await h.double.sendCommand(h.events, {
        command: '/qr',
        text: X.account.mediaMark,
        user: `UQ${i}`,
        channel: `CQ${i}`,
      });
    }
    await vi.waitFor(
      async () => {
        expect(await gauge('querydesk_making_running')).toBe(MAKING_AT_ONCE);
        expect(await gauge('querydesk_making_waiting')).toBe(1);
      },
      { timeout: 3000, interval: 50 },
    );

    const asked = performance.now();
    await h.double.sendCommand(h.events, {
      command: '/account',
      text: X.account.mediaMark,
      channel: 'CA',
      user: 'UA',
    });
    await h.double.waitFor(
      () => h.double.messages('CA').find((m) => m.text.startsWith('Account Lanting Food Diary')),
      3000,
    );
    const answeredMs = performance.now() - asked;
    // Answered while the two makings still wait: the third has not reached the gateway.
    expect(await gauge('querydesk_making_waiting')).toBe(1);
    expect(h.double.files()).toHaveLength(0);
    expect(answeredMs).toBeLessThan(3000);

    // Released, all three are made: three images, one per channel.
    held.release();
    await h.double.waitFor(
      () => h.double.files().filter((f) => f.completed && f.channel).length === 3 || undefined,
      20_000,
    );
    expect(new Set(h.double.files().map((f) => f.channel))).toEqual(new Set(['CQ1', 'CQ2', 'CQ3']));
    expect(await gauge('querydesk_making_waiting')).toBe(0);
  }, 40_000);
});
