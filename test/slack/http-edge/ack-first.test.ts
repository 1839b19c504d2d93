import { EventEmitter } from 'node:events';
import { Agent, createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { boltLogger } from '../../../src/slack/bolt-logger.js';
import {
  AckFirst,
  MAX_DEFER_MS,
  QUIET_MS,
  unansweredCount,
} from '../../../src/slack/http-edge/ack-first.js';
import {
  claimAfterAck,
  DuplicateDelivery,
  idempotencyMiddleware,
  isDuplicateDelivery,
} from '../../../src/slack/middleware/idempotency.js';
import { exactly } from '../../../src/slack/middleware/one-listener.js';
import { eventually } from '../../fakes/eventually.js';

const quiet = pino({ level: 'silent' });
const fakeResponse = () => new EventEmitter() as unknown as ServerResponse;
const tick = () => new Promise<void>((r) => setImmediate(r));

describe('work after an ack waits for the acks still owed', () => {
  // One scheduler per receiver: each test its own, nothing shared between them.
  let acks = new AckFirst();
  // Counted where requests are read (the ack thread), told to the scheduler as it changes.
  let count = unansweredCount(() => {});
  beforeEach(() => {
    acks = new AckFirst();
    count = unansweredCount((unanswered, at) =>
      acks.pending(unanswered, at - performance.timeOrigin),
    );
  });

  it('is told only when requests come to be unanswered and when none are left', () => {
    const told: [boolean, number][] = [];
    const counted = unansweredCount((unanswered, at) => told.push([unanswered, at]));
    counted.arrived();
    counted.arrived();
    counted.answered();
    counted.arrived();
    const lastArrival = performance.timeOrigin + performance.now();
    counted.answered();
    expect(told.map(([u]) => u)).toEqual([true]);
    counted.answered();
    // Twice for four requests overlapping; the second with the latest arrival's time.
    expect(told.map(([u]) => u)).toEqual([true, false]);
    expect(told[1]![1]).toBeLessThanOrEqual(lastArrival);
    expect(told[1]![1]).toBeGreaterThan(told[0]![1]);
  });

  it('holds while a Slack request is unanswered and goes on once it is answered', async () => {
    const res = fakeResponse();
    count.arrived();
    res.once('close', () => count.answered());
    let ran = false;
    const waiting = acks.afterPendingAcks().then(() => {
      ran = true;
    });
    for (let i = 0; i < 5; i++) await tick();
    expect(ran).toBe(false);
    res.emit('close');
    await waiting;
    expect(ran).toBe(true);
  });

  it('holds while requests keep arriving, each answered at once, until arrivals pause', async () => {
    const arrivals: number[] = [];
    let ranAt = 0;
    const since = performance.now();
    const waiting = acks.afterPendingAcks().then(() => {
      ranAt = performance.now();
    });
    // Ten requests about 2 ms apart, each answered as it comes (as early acks are): none stays
    // unanswered, but the burst is still arriving.
    for (let i = 0; i < 10; i++) {
      const res = fakeResponse();
      count.arrived();
      res.once('close', () => count.answered());
      arrivals.push(performance.now());
      res.emit('close');
      await new Promise((r) => setTimeout(r, 2));
    }
    await waiting;
    // Work never starts within QUIET_MS of an arrival (the machine may pause longer between two),
    // unless it has waited MAX_DEFER_MS: a loaded machine can stretch the ten over that.
    const before = arrivals.filter((t) => t <= ranAt);
    const quiet = ranAt - before[before.length - 1]! >= QUIET_MS - 1;
    const deadline = ranAt - since >= MAX_DEFER_MS - 1;
    expect({ quiet, deadline }).not.toEqual({ quiet: false, deadline: false });
  });

  it('never holds work longer than MAX_DEFER_MS, however many requests stay unanswered', async () => {
    const res = fakeResponse();
    count.arrived();
    res.once('close', () => count.answered());
    const t0 = performance.now();
    await acks.afterPendingAcks();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(MAX_DEFER_MS - 5);
    res.emit('close');
  });

  it('lets waiters go in the order they came, one per turn of the loop', async () => {
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => acks.afterPendingAcks().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
  });

  it("gives other workspaces' work a turn between one workspace's queued work", async () => {
    // Quiet first: nothing unanswered, no arrival in the last QUIET_MS.
    await new Promise((r) => setTimeout(r, QUIET_MS * 3));
    const order: string[] = [];
    const all = [
      ...['a1', 'a2', 'a3', 'a4', 'a5'].map((id) =>
        acks.afterPendingAcks('TFLOOD').then(() => void order.push(id)),
      ),
      acks.afterPendingAcks('TOTHER').then(() => void order.push('other')),
      acks.afterPendingAcks('TFLOOD').then(() => void order.push('a6')),
      acks.afterPendingAcks().then(() => void order.push('no team')),
    ];
    await Promise.all(all);
    // One turn each in the order the workspaces first came; a workspace's own order kept.
    expect(order).toEqual(['a1', 'other', 'no team', 'a2', 'a3', 'a4', 'a5', 'a6']);
  });

  it('lets one waiter go per turn of the loop, however many workspaces wait', async () => {
    // Quiet first: nothing unanswered, no arrival in the last QUIET_MS.
    await new Promise((r) => setTimeout(r, QUIET_MS * 3));
    const teams = ['T1', 'T2', 'T3', 'T4'];
    const done = new Set<string>();
    const all = teams.map((t) => acks.afterPendingAcks(t).then(() => void done.add(t)));
    let turns = 0;
    while (done.size < teams.length) {
      await tick();
      turns++;
    }
    await Promise.all(all);
    // Four workspaces, a turn each: the acks still arriving get the loop between them.
    expect(turns).toBeGreaterThanOrEqual(teams.length);
  });

  it('counts a real response answered when it is sent, on a kept-alive connection too', async () => {
    // A real server's responses, two on one kept-alive socket: each emits 'close' once sent, and
    // work held behind the first goes on once both are answered (and arrivals have paused).
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const server = createServer((req, res) => {
      count.arrived();
      res.once('close', () => count.answered());
      req.resume();
      void held.then(() => res.end('ok'));
    });
    let sockets = 0;
    server.on('connection', () => sockets++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const port = (server.address() as AddressInfo).port;
    const send = () =>
      new Promise<void>((resolve, reject) => {
        request({ port, host: '127.0.0.1', agent, method: 'POST' }, (r) => {
          r.resume();
          r.on('end', () => resolve());
        })
          .on('error', reject)
          .end('x');
      });
    try {
      const first = send();
      let arrived = false;
      server.once('request', () => {
        arrived = true;
      });
      while (!arrived) await tick();
      let ran = false;
      const work = acks.afterPendingAcks().then(() => {
        ran = true;
      });
      for (let i = 0; i < 5; i++) await tick();
      expect(ran).toBe(false);
      expect(acks.hasUnanswered()).toBe(true);
      release();
      await first;
      await send();
      await work;
      expect(ran).toBe(true);
      expect(acks.hasUnanswered()).toBe(false);
      // One socket carried both: the count went down on a kept-alive connection.
      expect(sockets).toBe(1);
    } finally {
      agent.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe("a slash command's delivery is claimed after its ack", () => {
  const commandBody = { command: '/payorder', trigger_id: '123.456.abc', team_id: 'T1' };

  function run(claim: () => Promise<boolean>) {
    const calls: string[] = [];
    const context: Record<string, unknown> = {};
    const middleware = idempotencyMiddleware({
      keys: {
        claim: async () => {
          calls.push('claim');
          return claim();
        },
      } as never,
      logger: quiet,
    });
    const next = async () => {
      calls.push('listener');
    };
    return { calls, context, done: middleware({ body: commandBody, context, next } as never) };
  }

  it('runs the listener without touching the store, and claims when the ack has gone out', async () => {
    // A store that never answers must not hold the ack back.
    const { calls, context, done } = run(() => new Promise<boolean>(() => {}));
    await done;
    expect(calls).toEqual(['listener']);
    const acked: unknown[] = [];
    const args = claimAfterAck({
      ack: async (r?: unknown) => {
        acked.push(r ?? 'empty');
      },
      context,
    } as never) as { ack: (r?: unknown) => Promise<void> };
    void args.ack();
    await tick();
    expect(acked).toEqual(['empty']);
    // The claim is work after the ack: it may wait out acks still owed or the last arrival's
    // quiet gap (ack-first.ts, at most MAX_DEFER_MS), so it is waited for, not counted in turns.
    await eventually(() => calls.includes('claim'), 2_000, 'the claim after the ack');
    expect(calls).toEqual(['listener', 'claim']);
  });

  it('a delivery already claimed elsewhere is acked, then stops its listener', async () => {
    const { context, done } = run(async () => false);
    await done;
    const acked: unknown[] = [];
    const args = claimAfterAck({
      ack: async () => {
        acked.push('ack');
      },
      context,
    } as never) as { ack: () => Promise<void> };
    const outcome = await args.ack().then(
      () => 'went on',
      (err: unknown) => err,
    );
    expect(acked).toEqual(['ack']);
    expect(outcome).toBeInstanceOf(DuplicateDelivery);
    expect(isDuplicateDelivery({ original: outcome })).toBe(true);
  });

  it('a first delivery goes on after its ack', async () => {
    const { context, done } = run(async () => true);
    await done;
    const args = claimAfterAck({ ack: async () => {}, context } as never) as {
      ack: () => Promise<void>;
    };
    await expect(args.ack()).resolves.toBeUndefined();
  });

  it('a click is still claimed before its listener runs', async () => {
    const calls: string[] = [];
    const middleware = idempotencyMiddleware({
      keys: {
        claim: async (_key: string, ttlMs: number) => {
          calls.push(`claim ${ttlMs >= 300_000 ? 'replay' : 'intent'}`);
          return true;
        },
      } as never,
      logger: quiet,
    });
    await middleware({
      body: {
        type: 'block_actions',
        team: { id: 'T1' },
        user: { id: 'U1' },
        container: { message_ts: '1.2' },
        actions: [{ action_id: 'share', value: 'x' }],
      },
      context: {},
      next: async () => {
        calls.push('listener');
      },
    } as never);
    // The replay key (held while a signature is valid) and the 10 s intent key, both first.
    expect(calls).toEqual(['claim replay', 'claim intent', 'listener']);
  });
});

describe('one listener per registry', () => {
  it('matches exactly the names given, with their punctuation taken literally', () => {
    const pattern = exactly(['/payorder', 'qr.scanned', 'a+b']);
    expect(pattern.test('/payorder')).toBe(true);
    expect(pattern.test('qr.scanned')).toBe(true);
    expect(pattern.test('a+b')).toBe(true);
    expect(pattern.test('/payorders')).toBe(false);
    expect(pattern.test('qrXscanned')).toBe(false);
    expect(pattern.test('aab')).toBe(false);
    expect(exactly([]).test('')).toBe(false);
  });
});

describe("Bolt's logger", () => {
  it('does not build the text of a line at a level that is not written', () => {
    let built = 0;
    const payload = {
      toJSON() {
        built++;
        return { token: 'xoxb-1-secret' };
      },
    };
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => lines.push(l) });
    const bolt = boltLogger(log);
    bolt.debug('received', payload);
    expect(built).toBe(0);
    bolt.info('received', payload);
    expect(built).toBe(1);
    expect(lines.join('')).not.toContain('xoxb-1-secret');
  });
});
