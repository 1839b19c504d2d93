import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES as X } from '../../src/sandbox/index.js';
import type { DoubleMessage } from '../../src/slack-double/index.js';
import { maxInWindow } from '../fakes/arrival-server.js';
import { freshSchema } from '../fakes/fresh-schema.js';
import { type BotProcess, until } from './harness/bot-process.js';
import { type Fleet, startFleet } from './harness/fleet.js';
import { type OwnRedis, startRedis } from './harness/redis-server.js';
import { answersTo, CHANNEL } from './harness/world.js';

// Drill: three replicas share the gateway's 10 requests/s through a Redis of the test's own
// (never the machine's shared one). A stream of /payorder commands, a little faster than the
// gateway allows, keeps coming while Redis is stopped and started again. Each replica must fall
// back to its own share (floor(10 / REPLICAS) per second) and say so, return to the shared budget
// once Redis is back, and never let the gateway see more than 10 in a second.
const REPLICAS = 3;
const SHARE = Math.floor(10 / REPLICAS);
const SPACING_MS = 80;
const UP_MS = 3_000;
const DOWN_MS = 5_000;
const BACK_MS = 4_000;
const FELL_BACK = 'Redis unreachable: this replica now keeps to its own share of the gateway rate';
const RECOVERED = 'Redis reachable again: the gateway rate is shared by all replicas again';

let redis: OwnRedis | { skip: string };
let db: Awaited<ReturnType<typeof freshSchema>> | undefined;
let fleet: Fleet | undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const payOrder = `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`;

/** `/payorder` from `users` (one command each), round robin over `targets`, `spacingMs` apart. */
async function sendPayOrders(
  f: Fleet,
  targets: BotProcess[],
  users: string[],
  spacingMs: number,
): Promise<number[]> {
  const acks: Promise<number>[] = [];
  for (const [i, user] of users.entries()) {
    const target = targets[i % targets.length]!;
    acks.push(
      f.double
        .sendCommand(target.events, {
          command: '/payorder',
          text: payOrder,
          user,
          channel: CHANNEL,
        })
        .then((a) => a.status)
        .catch(() => 0),
    );
    await sleep(spacingMs);
  }
  return Promise.all(acks);
}

/** Waits until every user's answer is final (not the "Queued — …" notice it replaces). */
async function finalAnswers(f: Fleet, users: string[], timeoutMs: number) {
  const pending = () =>
    [...answersTo(f.double, users)].filter(
      ([, a]) => a.length === 0 || a.some((m) => m.text.startsWith('Queued')),
    );
  await until(
    'every /payorder has its final answer',
    () => pending().length === 0,
    timeoutMs,
  ).catch((err: Error) => {
    throw new Error(
      `${err.message}; still waiting: ${pending()
        .map(([u]) => u)
        .join(', ')}`,
    );
  });
  return answersTo(f.double, users);
}

/** `/querydesk status` asked of one replica; the words of its answer. */
async function statusOf(f: Fleet, bot: BotProcess, user: string): Promise<string> {
  await f.double.sendCommand(bot.events, {
    command: '/querydesk',
    text: 'status',
    user,
    channel: CHANNEL,
  });
  let answer: DoubleMessage | undefined;
  await until(
    `status from ${bot.name}`,
    () => {
      answer = answersTo(f.double, [user]).get(user)?.[0];
      return !!answer;
    },
    10_000,
  );
  return JSON.stringify(answer!.blocks);
}

const logged = (bot: BotProcess, msg: string) => bot.logs.filter((l) => l.msg === msg);
const payOrderArrivals = (f: Fleet, from: number, to = Number.POSITIVE_INFINITY) =>
  f.sandbox
    .requests()
    .filter((r) => r.op === 'payOrder' && r.at >= from && r.at < to)
    .map((r) => r.at);

/** The drill, registered by the file that runs the drills one after another. */
export function drill(): void {
  describe('drill: Redis stopped and started under three replicas', () => {
    beforeAll(async () => {
      redis = await startRedis();
      if ('skip' in redis) return;
      db = await freshSchema('qd_drill_redis');
      fleet = await startFleet({
        replicas: REPLICAS,
        databaseUrl: db.url,
        env: { REDIS_URL: redis.url, REPLICAS: String(REPLICAS) },
      });
    }, 90_000);

    afterAll(async () => {
      await fleet?.stop('redis-restart');
      await db?.drop();
      if (redis && !('skip' in redis)) await redis.destroy();
    }, 60_000);

    it('falls back to 10/N per replica and says so, recovers, answers every command, never over 10/s', async (ctx) => {
      if ('skip' in redis || !fleet) {
        const why = 'skip' in redis ? redis.skip : 'not started';
        console.warn(`skipped Redis drill: ${why}`);
        ctx.skip(why);
        return;
      }
      const f = fleet;
      const own = redis;
      const { bots } = f;
      const streamMs = UP_MS + DOWN_MS + BACK_MS;
      const users = Array.from(
        { length: Math.floor(streamMs / SPACING_MS) },
        (_, i) => `URD${String(i).padStart(3, '0')}`,
      );
      const began = Date.now();
      const stream = sendPayOrders(f, bots, users, SPACING_MS);

      // Redis goes away 3 s into the stream.
      await sleep(UP_MS);
      await own.stop();
      const stoppedAt = Date.now();
      // Each replica notices on its next admission, says so once in its log and in its status.
      await until(
        'every replica logs its fallback',
        () => bots.every((b) => logged(b, FELL_BACK).length > 0),
        DOWN_MS,
      );
      for (const b of bots) {
        expect(logged(b, FELL_BACK)).toEqual([
          expect.objectContaining({ perReplicaLimit: SHARE, replicas: REPLICAS }),
        ]);
      }
      const downStatus = await Promise.all(bots.map((b, i) => statusOf(f, b, `USTATD${i}`)));
      for (const words of downStatus) {
        expect(words).toContain(
          `Redis unreachable: this replica keeps to ${SHARE} requests/s per operation (10 / ${REPLICAS} replicas)`,
        );
      }

      // Back 5 s after it went; the stream goes on 4 s more.
      await sleep(Math.max(0, stoppedAt + DOWN_MS - Date.now()));
      await own.start();
      const startedAt = Date.now();
      const acks = await stream;
      expect(acks.filter((s) => s !== 200)).toEqual([]);

      // Every command is answered with the order, fallback or not.
      const answers = await finalAnswers(f, users, 60_000);
      const notOne = [...answers].filter(([, a]) => a.length !== 1);
      expect(notOne.map(([u, a]) => `${u}: ${a.length}`)).toEqual([]);
      const notCards = [...answers].filter(([, a]) => !a[0]!.text.startsWith('Payment order '));
      expect(notCards.map(([u, a]) => `${u}: ${a[0]!.text}`)).toEqual([]);

      // Each replica is back on the shared budget: its log and its status say so.
      await until(
        'every replica logs it is back on the shared budget',
        () => bots.every((b) => logged(b, RECOVERED).length > 0),
        10_000,
      );
      const backStatus = await Promise.all(bots.map((b, i) => statusOf(f, b, `USTATB${i}`)));
      for (const words of backStatus) {
        expect(words).toContain('shared by every replica through Redis');
        expect(words).not.toContain('Redis unreachable');
      }

      // One replica alone may again use the whole budget, more than its fallback share: a burst
      // sent to it only (once its recovery grace is over) reaches the gateway faster than SHARE/s.
      await sleep(3_500);
      const probeAt = Date.now();
      const probeUsers = Array.from({ length: 12 }, (_, i) => `URP${i}`);
      await sendPayOrders(f, [bots[0]!], probeUsers, 10);
      const probe = await finalAnswers(f, probeUsers, 30_000);
      expect([...probe.values()].every((a) => a[0]!.text.startsWith('Payment order '))).toBe(true);
      const probeMax = maxInWindow(payOrderArrivals(f, probeAt));

      // At the sandbox's clock: never more than 10 in a second, none refused for the rate; while
      // Redis was away (from one window after it went), never more than the replicas' shares.
      const all = f.sandbox.requests().filter((r) => r.op === 'payOrder');
      expect(all.filter((r) => r.httpStatus === 429 || r.code === 202)).toEqual([]);
      expect(all).toHaveLength(users.length + probeUsers.length);
      const overall = maxInWindow(all.map((r) => r.at));
      expect(overall).toBeLessThanOrEqual(10);
      const down = payOrderArrivals(f, stoppedAt + 1_100, startedAt);
      expect(down.length).toBeGreaterThan(0);
      const downMax = maxInWindow(down);
      expect(downMax).toBeLessThanOrEqual(SHARE * REPLICAS);
      expect(probeMax).toBeGreaterThan(SHARE);

      const upMax = maxInWindow(payOrderArrivals(f, began, stoppedAt));
      const rate = (from: number, to: number) =>
        ((payOrderArrivals(f, from, to).length * 1000) / (to - from)).toFixed(1);
      console.info(
        `redis drill: ${users.length} /payorder over ${streamMs / 1000} s on ${REPLICAS} replicas, Redis down ${((startedAt - stoppedAt) / 1000).toFixed(1)} s; most in any 1-s window at the sandbox: ${upMax} before, ${downMax} while down (${rate(stoppedAt + 1_100, startedAt)}/s), ${overall} overall; one replica alone after recovery: ${probeMax}; 0 rate-limited; all answered with the order`,
      );
    }, 150_000);
  });
}
