import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import { payOrderNumbers } from '../src/sandbox/seed/pay-orders.js';
import type { SlackDouble } from '../src/slack-double/index.js';
import {
  channelWatch,
  commandIn,
  inParallel,
  type MadeSubscription,
  subscribe,
  subscriptionOwner,
  teamId,
  type Watch,
  type WorldShape,
} from './scale-world.js';

/** The order numbers the first `n` watches of each workspace watch. */
export function watchedOrders(n: number): Set<string> {
  return new Set(Array.from({ length: n }, (_, i) => unpaidOrder(i).order));
}

/** Ten unpaid seeded orders (status 0 never moves by itself): each watch its own order. */
function unpaidOrder(i: number): { order: string; merchant: string } {
  const merchants = ['898310058120001', '898310058120002', '898310058120003'];
  const m = Math.floor(i / 8) % 3;
  return { order: payOrderNumbers(m, (i % 8) * 4).orderNumber, merchant: merchants[m]! };
}

/** What set-up made: the subscriptions (each with its click), and the items that failed. */
export interface Made {
  subscriptions: MadeSubscription[];
  /** Items whose command or click got no answer within two minutes, or a wrong one. */
  notMade: number;
}

/** Runs `make`; a failure is counted, not thrown: the run goes on and reports it. */
async function counted(made: Made, make: () => Promise<unknown>): Promise<void> {
  try {
    await make();
  } catch {
    made.notMade++;
  }
}

const WAIT_MS = 120_000;

/** Workspace `w`'s live items, each made the way a person makes it, in a channel of its own. */
async function populate(
  double: SlackDouble,
  seen: Watch,
  events: (w: number) => string,
  shape: WorldShape,
  w: number,
  made: Made,
): Promise<void> {
  const team = teamId(w);
  const target = events(w);
  await Promise.all([
    (async () => {
      for (let i = 0; i < shape.qrCodes; i++) {
        const channel = `CQ${w}X${i}`;
        const text = SANDBOX_EXAMPLES.account.mediaMark;
        const input = { command: '/qr', text, user: `UQ${w}X${i}`, team, channel };
        await counted(made, () => commandIn(double, seen, target, input, false, WAIT_MS));
      }
    })(),
    (async () => {
      for (let i = 0; i < shape.watches; i++) {
        const { order, merchant } = unpaidOrder(i);
        const text = `watch ${order} ${merchant} type=platform`;
        const channel = `CW${w}X${i}`;
        const input = { command: '/payorder', text, user: `UW${w}X${i}`, team, channel };
        await counted(made, () => commandIn(double, seen, target, input, false, WAIT_MS));
      }
    })(),
    (async () => {
      for (let i = 0; i < shape.subscriptions; i++) {
        const ownerId = subscriptionOwner(i);
        const channel = `CS${w}X${i}`;
        const where = { team, channel, user: `US${w}X${i}` };
        await counted(made, async () => {
          const at = await subscribe(
            double,
            seen,
            target,
            where,
            { ownerId, every: shape.every },
            WAIT_MS,
          );
          made.subscriptions.push({ workspace: w, ownerId, at });
        });
      }
    })(),
  ]);
}

/**
 * Every workspace's QR codes, order watches and subscriptions, several workspaces at a time, each
 * made the way a person makes it; what was made.
 */
export async function populateWorld(
  double: SlackDouble,
  events: (w: number) => string,
  shape: WorldShape,
): Promise<Made> {
  const seen = channelWatch(double);
  const made: Made = { subscriptions: [], notMade: 0 };
  try {
    await inParallel(shape.workspaces, 6, (w) => populate(double, seen, events, shape, w, made));
    return made;
  } finally {
    seen.off();
  }
}
