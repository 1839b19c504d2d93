import { AsyncLocalStorage } from 'node:async_hooks';
import { App, type ReceiverEvent } from '@slack/bolt';
import type { LogEvent } from 'kysely';
import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import { ACK_STAMP, type AckStamp } from '../src/slack/http-edge/ack-stamp.js';
import { startBotOnDouble } from './bot-on-double.js';
import { startPlainBolt } from './plain-bolt-app.js';
import type { BenchResult } from './report.js';
import { SLACK_ACK_DEADLINE_MS } from './slash-ack.js';
import { ratio, round, spread } from './stats.js';

/** One Slack request handed to Bolt: its ack stamp (when its ack was written, on this thread's
 * clock, once it was), and the store queries its handling started before and after that instant. */
interface Delivery {
  stamp?: AckStamp;
  /** The channel of the app_mention it carries, when it carries one. */
  mentionIn?: string;
  before: number;
  after: number;
}

/** The channel of an Events API delivery's app_mention, if that is what the body holds. */
function mentionChannel(body: ReceiverEvent['body']): string | undefined {
  const event = (body as { event?: { type?: unknown; channel?: unknown } }).event;
  return event?.type === 'app_mention' && typeof event.channel === 'string'
    ? event.channel
    : undefined;
}

const deliveries = new AsyncLocalStorage<Delivery>();

/**
 * Marks every request the receiver hands to Bolt (`App.prototype.processEvent`, Bolt's public
 * entry for a receiver) in this process with its own Delivery, holding the ack stamp the receiver
 * put in its context (`customProperties`, ack-stamp.ts): the ack thread's write of an acked request,
 * or the listener's own ack. The mark is the async context of the request's whole handling, so
 * every promise it starts carries it: a store query knows which delivery started it, while
 * background loops' queries carry none. Returns the deliveries seen and a function that takes the
 * hook away.
 */
export function markDeliveries(): { seen: Delivery[]; stop(): void } {
  const seen: Delivery[] = [];
  const processEvent = App.prototype.processEvent;
  App.prototype.processEvent = function (this: App, event: ReceiverEvent) {
    const delivery: Delivery = {
      stamp: event.customProperties?.[ACK_STAMP] as AckStamp | undefined,
      mentionIn: mentionChannel(event.body),
      before: 0,
      after: 0,
    };
    seen.push(delivery);
    return deliveries.run(delivery, () => Reflect.apply(processEvent, this, [event]));
  };
  const stop = () => {
    App.prototype.processEvent = processEvent;
  };
  return { seen, stop };
}

/** Counts a finished store query against the delivery whose handling started it, if any. */
export function countQuery(event: LogEvent): void {
  const delivery = deliveries.getStore();
  if (!delivery) return;
  const startedAt = performance.now() - event.queryDurationMillis;
  const ackAt = delivery.stamp?.at;
  if (ackAt === undefined || startedAt < ackAt) delivery.before++;
  else delivery.after++;
}

/**
 * "An app_mention costs no store read before its ack": `mentions` signed app_mention events at
 * once (each in its own channel, a paid lookup: its price offer is the answer), against the whole
 * bot in HTTP mode on its SQLite store, then at a plain Bolt app on the same double. Every store
 * query the bot makes is attributed to the delivery that started it and timed against that
 * delivery's ack; the queries after the ack (the retry claim, the price read) show the count
 * sees them.
 */
export async function mentionAck(options: { mentions?: number } = {}): Promise<BenchResult[]> {
  const n = options.mentions ?? 200;
  const marks = markDeliveries();
  const h = await startBotOnDouble({}, { storeLog: countQuery });
  try {
    const text = `<@${h.double.botUserId}> shoporders ${SANDBOX_EXAMPLES.shopOrders.ownerId}`;
    const one = async (events: string, channel: string) => {
      const t0 = performance.now();
      const sent = await h.double.sendMention(events, { text, channel, user: `U${channel}` });
      return { status: sent.ack.status, ms: performance.now() - t0 };
    };
    const burst = (events: string, prefix: string) =>
      Promise.all(Array.from({ length: n }, (_, i) => one(events, `C0${prefix}${i}`)));

    // Warm-up: the first request pays for lazy set-up that no later one does.
    await one(h.events, 'C0MWARM');
    await h.bot.deps.work.drain();
    const warm = marks.seen.length;
    const bot = await burst(h.events, 'MB');
    await h.bot.deps.work.drain();
    // The burst's own mentions, one channel each: anything else handed to Bolt meanwhile (an
    // event about the warm-up's answer, a redelivery) is counted apart.
    const measured = marks.seen.slice(warm).filter((d) => d.mentionIn?.startsWith('C0MB'));
    const channels = (ds: Delivery[]) => new Set(ds.map((d) => d.mentionIn)).size;
    const others = marks.seen.length - warm - channels(measured);
    const offers = h.double.callsTo('chat.postMessage').length - 1;

    const plain = await startPlainBolt({
      token: h.double.botToken,
      signingSecret: h.double.signingSecret,
      slackApiUrl: h.double.apiUrl,
      port: 0,
    });
    let ref: { status: number; ms: number }[];
    try {
      await one(plain.events, 'C0PWARM');
      ref = await burst(plain.events, 'PB');
    } finally {
      await plain.stop();
    }

    const acks = spread(bot.map((s) => s.ms));
    const plainAcks = spread(ref.map((s) => s.ms));
    const before = measured.reduce((sum, d) => sum + d.before, 0);
    const after = measured.reduce((sum, d) => sum + d.after, 0);
    const seenAfter = channels(measured.filter((d) => d.after > 0));
    const ok = bot.filter((s) => s.status === 200).length;
    return [
      {
        name: `mention: ${n} app_mention at once, no store read before the ack`,
        figures: {
          mentions: n,
          acked200: ok,
          ackP50Ms: round(acks.p50),
          ackP95Ms: round(acks.p95),
          ackMaxMs: round(acks.max),
          plainBoltAckP50Ms: round(plainAcks.p50),
          plainBoltAckP95Ms: round(plainAcks.p95),
          plainBoltAckMaxMs: round(plainAcks.max),
          ackP50VsPlainBolt: ratio(acks.p50, plainAcks.p50),
          ackP95VsPlainBolt: ratio(acks.p95, plainAcks.p95),
          storeQueriesBeforeAck: before,
          storeQueriesAfterAck: after,
          mentionsWithQueriesSeenAfterAck: seenAfter,
          otherDeliveriesMeanwhile: others,
          offersPosted: offers,
        },
        target: `0 store queries before any mention's ack (each mention's queries after it seen); every ack < ${SLACK_ACK_DEADLINE_MS} ms`,
        met:
          before === 0 &&
          seenAfter === n &&
          ok === n &&
          channels(measured) === n &&
          acks.max < SLACK_ACK_DEADLINE_MS,
      },
    ];
  } finally {
    marks.stop();
    await h.stop();
  }
}
