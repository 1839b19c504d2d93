import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { freshSchema } from '../fakes/fresh-schema.js';

const X = SANDBOX_EXAMPLES;
let double: SlackDouble;
let a: BotHarness;
let b: BotHarness;
let schema: Awaited<ReturnType<typeof freshSchema>> | undefined;

beforeAll(async () => {
  schema = await freshSchema('qd_mention_replicas');
  double = await startSlackDouble();
  a = await startBot({ DATABASE_URL: schema.url }, {}, double);
  b = await startBot({ DATABASE_URL: schema.url }, {}, double);
}, 60_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await double?.close();
  await schema?.drop();
});

const calls = (op: string) =>
  [a, b].reduce((n, h) => n + h.bot.sandbox!.requests().filter((r) => r.op === op).length, 0);
const drained = () => Promise.all([a.bot.deps.work.drain(), b.bot.deps.work.drain()]);
const answers = (channel: string) =>
  double.messages(channel).filter((m) => m.via === 'chat.postMessage');

describe('mentions across two replicas behind one load balancer (shared PostgreSQL)', () => {
  it('answers a mention once when Slack retries it on the other replica, at once or later', async () => {
    const text = `<@${double.botUserId}> payorder ${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`;
    // The retry races the first delivery: each replica claims the event; one answers.
    const first = await double.sendMention(a.events, { text, channel: 'C0MREP1' });
    const raced = await double.resendEvent(b.events, first, 1);
    await drained();
    expect([first.ack.status, raced.status]).toEqual([200, 200]);
    expect(answers('C0MREP1')).toHaveLength(1);
    expect(calls('payOrder')).toBe(1);

    // A later retry, after the answer is out, on either replica: still one answer.
    await double.resendEvent(a.events, first, 2);
    await double.resendEvent(b.events, first, 3);
    await drained();
    expect(answers('C0MREP1')).toHaveLength(1);
    expect(calls('payOrder')).toBe(1);
  });

  it('runs a paid lookup once when its offer is clicked on both replicas at once, by two people', async () => {
    const text = `<@${double.botUserId}> shoporders ${X.shopOrders.ownerId}`;
    const sent = await double.sendMention(b.events, { text, channel: 'C0MREP2' });
    await drained();
    const offer = answers('C0MREP2')[0]!;
    expect(offer.text).toContain('price not known yet');
    const click = (h: BotHarness, user: string) =>
      double.sendAction(h.events, {
        actionId: 'qd_mention_lookup',
        channel: 'C0MREP2',
        messageTs: offer.ts,
        user,
      });
    const acks = await Promise.all([
      click(a, 'U0REP1'),
      click(b, 'U0REP2'),
      click(b, 'U0REP1'),
      click(a, 'U0REP2'),
    ]);
    await drained();

    expect(acks.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    expect(calls('shopOrders')).toBe(1);
    const edits = double.callsTo('chat.update').filter((c) => c.args.ts === offer.ts);
    expect(edits).toHaveLength(1);
    const card = double.messages('C0MREP2').find((m) => m.ts === offer.ts)!;
    expect(card.text).toMatch(/page 1 of/i);
    expect(card.threadTs).toBe(sent.message.ts);
  });
});
