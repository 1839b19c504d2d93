import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { checkMessage } from '../../src/slack/blocks/limits.js';
import type { DoubleMessage, PersonMessageResult } from '../../src/slack-double/index.js';
import { saveWorkspaceSettings } from '../../src/store/workspace-settings.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { botDatabase } from '../fakes/bot-database.js';
import { DIALECTS } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';

const X = SANDBOX_EXAMPLES;
const PAYORDER = `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`;

describe.each(DIALECTS)('lookups asked by mention and direct message (%s)', (dialect) => {
  let h: BotHarness;
  let db: Awaited<ReturnType<typeof botDatabase>>;
  beforeAll(async () => {
    db = await botDatabase(dialect);
    h = await startBot({ DATABASE_URL: db.url });
    h.double.addUser({ id: 'U0MZH', locale: 'zh-CN' });
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
    await db?.dispose();
  });

  const bot = () => `<@${h.double.botUserId}>`;
  const calls = (op: string) => h.bot.sandbox!.requests().filter((r) => r.op === op).length;
  const allCalls = () => h.bot.sandbox!.requests().length;
  const botPosts = (channel: string) =>
    h.double.messages(channel).filter((m) => m.via === 'chat.postMessage');
  /** The one answer the bot posted for `sent`, after every piece of work it started is done. */
  async function answerTo(sent: PersonMessageResult, thread = true): Promise<DoubleMessage> {
    expect(sent.ack.status).toBe(200);
    await h.bot.deps.work.drain();
    const where = thread ? (sent.message.threadTs ?? sent.message.ts) : undefined;
    const answers = botPosts(sent.message.channel).filter(
      (m) => m.ts > sent.message.ts && m.threadTs === where,
    );
    expect(answers).toHaveLength(1);
    const answer = answers[0]!;
    expect(checkMessage({ text: answer.text, blocks: answer.blocks })).toEqual([]);
    return answer;
  }
  const mention = (text: string, more: { channel?: string; threadTs?: string; user?: string }) =>
    h.double.sendMention(h.events, { text: `${bot()} ${text}`, ...more });

  it('answers a payment-order mention at once, publicly, in the mention’s thread', async () => {
    const sent = await mention(`payorder ${PAYORDER}`, { channel: 'C0MEN1' });
    const card = await answerTo(sent);

    expect(card.via).toBe('chat.postMessage');
    expect(card.threadTs).toBe(sent.message.ts);
    expect(card.text).toContain(X.payOrder.paid.orderNumber);
    // Already in the channel: no Share in channel.
    expect(JSON.stringify(card.blocks)).not.toContain('qd_share');
    expect(calls('payOrder')).toBe(1);
  });

  it('reads numbers alone in a thread as the payment order, answered in that thread', async () => {
    const parent = await mention('hello', { channel: 'C0MEN2' });
    await answerTo(parent);
    const before = calls('payOrder');
    const sent = await mention(
      `has ${X.payOrder.paid.orderNumber} been paid? merchant ${X.payOrder.merchantNum}`,
      { channel: 'C0MEN2', threadTs: parent.message.ts },
    );
    const card = await answerTo(sent);
    expect(card.threadTs).toBe(parent.message.ts);
    expect(card.text).toContain(X.payOrder.paid.orderNumber);
    expect(calls('payOrder')).toBe(before + 1);
  });

  it('offers a paid lookup with its price, runs it once on a click, and edits the offer into the card', async () => {
    const shops = calls('shopOrders');
    const sent = await mention(`shoporders ${X.shopOrders.ownerId} page=2`, { channel: 'C0MEN3' });
    const offer = await answerTo(sent);
    expect(offer.text).toMatch(/shoporders .*page=2.*price not known yet/);
    expect(JSON.stringify(offer.blocks)).toContain('Look up (price not known yet)');
    expect(calls('shopOrders')).toBe(shops);

    const click = (user: string) =>
      h.double.sendAction(h.events, {
        actionId: 'qd_mention_lookup',
        channel: 'C0MEN3',
        messageTs: offer.ts,
        user,
      });
    await Promise.all([click('U0CLICK1'), click('U0CLICK2'), click('U0CLICK1')]);
    await h.bot.deps.work.drain();

    const card = h.double.messages('C0MEN3').find((m) => m.ts === offer.ts)!;
    expect(card.text).toMatch(/page 2 of/i);
    expect(card.threadTs).toBe(sent.message.ts);
    expect(calls('shopOrders')).toBe(shops + 1);
    expect(h.double.callsTo('chat.update').filter((c) => c.args.ts === offer.ts)).toHaveLength(1);
    // Charged and audited as the clicker's, asked by mention.
    const audit = await eventually(async () => {
      const rows = await h.bot.deps.store.db
        .selectFrom('audit_entries')
        .select(['command', 'user_id', 'channel_id'])
        .where('operation', '=', 'shopOrders')
        .where('channel_id', '=', 'C0MEN3')
        .execute();
      return rows.length > 0 && rows;
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.command).toBe('mention shoporders');
    expect(['U0CLICK1', 'U0CLICK2']).toContain(audit[0]!.user_id);
    // The price is known now: the next offer names it.
    const next = await mention(`shoporders ${X.shopOrders.smallShopOwnerId}`, {
      channel: 'C0MEN3',
    });
    const priced = await answerTo(next);
    expect(JSON.stringify(priced.blocks)).toMatch(/Look up \(\d+ points?\)/);
    expect(priced.text).toMatch(/costs \d+ points?/);

    // Every paid lookup is offered the same way, by its slash command's name.
    const account = await answerTo(
      await mention(`account ${X.account.mediaMark}`, { channel: 'C0MEN3' }),
    );
    expect(account.text).toMatch(/^Account analytics: account .* price not known yet/);
    const phone = await answerTo(
      await mention(`account phone=${X.account.phone}`, { channel: 'C0MEN3' }),
    );
    // A phone number is masked in what the offer shows, as in every card (the button carries
    // what the person wrote in the channel, to run it).
    expect(phone.text).toContain('phone=•');
    expect(phone.text).not.toContain(X.account.phone);
    expect(JSON.stringify(phone.blocks[0])).not.toContain(X.account.phone);
    expect(calls('accountData')).toBe(0);
  });

  it('tells a clicker who may not spend there why, alone, and keeps the offer for someone who may', async () => {
    await saveWorkspaceSettings(h.bot.deps.store.db, {
      workspaceId: h.double.teamId,
      paidUsers: ['U0SPENDER'],
      now: new Date(),
    });
    try {
      const sent = await mention(`coupons ${X.coupons.sid}`, { channel: 'C0MEN4' });
      const offer = await answerTo(sent);
      const before = calls('coupons');
      await h.double.sendAction(h.events, {
        actionId: 'qd_mention_lookup',
        channel: 'C0MEN4',
        messageTs: offer.ts,
        user: 'U0NOSPEND',
      });
      await h.bot.deps.work.drain();
      const told = h.double.messages('C0MEN4').filter((m) => m.visibleTo === 'U0NOSPEND');
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toMatch(/not allowed|allowed/i);
      expect(calls('coupons')).toBe(before);
      expect(h.double.messages('C0MEN4').find((m) => m.ts === offer.ts)!.edits).toBe(0);

      await h.double.sendAction(h.events, {
        actionId: 'qd_mention_lookup',
        channel: 'C0MEN4',
        messageTs: offer.ts,
        user: 'U0SPENDER',
      });
      await h.bot.deps.work.drain();
      expect(calls('coupons')).toBeGreaterThan(before);
      expect(h.double.messages('C0MEN4').find((m) => m.ts === offer.ts)!.edits).toBe(1);
    } finally {
      await saveWorkspaceSettings(h.bot.deps.store.db, {
        workspaceId: h.double.teamId,
        paidUsers: [],
        now: new Date(),
      });
    }
  });

  it('refuses bad arguments with the command’s own words and usage, calling nothing', async () => {
    const before = allCalls();
    const page = await answerTo(
      await mention(`shoporders ${X.shopOrders.ownerId} page=0`, { channel: 'C0MEN5' }),
    );
    expect(page.text).toContain('page');
    expect(JSON.stringify(page.blocks)).toContain('shoporders &lt;owner_id&gt;');
    const type = await answerTo(
      await mention(`payorder ${PAYORDER} type=bogus`, { channel: 'C0MEN5' }),
    );
    expect(type.text).toMatch(/type/);
    expect(allCalls()).toBe(before);
  });

  it('answers a 40,000-character message, or a mention with only the bot’s name, with words and no call', async () => {
    const before = allCalls();
    const long = `${X.payOrder.paid.orderNumber} ${'x'.repeat(40_000 - 40)}`;
    const numbers = await answerTo(
      await mention(long.slice(0, 40_000 - 14), { channel: 'C0MEN6' }),
    );
    expect(numbers.text).toMatch(/The message is \d{5} characters long; at most 4000 are read/);
    const command = await answerTo(
      await mention(`shoporders ${'9'.repeat(40_000 - 30)}`, { channel: 'C0MEN6' }),
    );
    expect(command.text).toMatch(/The command text is \d+ characters long; at most 1000 are read/);

    const onlyName = await answerTo(
      await h.double.sendMention(h.events, { text: bot(), channel: 'C0MEN6' }),
    );
    expect(onlyName.text).toContain('payorder 420012405000011 898310058120001');
    const words = await answerTo(await mention('what can you do?', { channel: 'C0MEN6' }));
    expect(words.text).toBe(onlyName.text);
    expect(allCalls()).toBe(before);
  });

  it('never answers bots, edits, deletions or a retry of a mention already handled', async () => {
    const channel = 'C0MEN7';
    const before = allCalls();
    const text = `${bot()} payorder ${PAYORDER}`;
    const sent = [
      await h.double.sendMention(h.events, { text, channel, botId: 'B0OTHER' }),
      await h.double.sendMention(h.events, {
        text,
        channel,
        botId: h.double.botId,
        user: h.double.botUserId,
      }),
      await h.double.sendMention(h.events, { text, channel, subtype: 'message_changed' }),
      await h.double.sendDirectMessage(h.events, { text: `payorder ${PAYORDER}`, botId: 'B0X' }),
      await h.double.sendDirectMessage(h.events, {
        text: `payorder ${PAYORDER}`,
        subtype: 'message_deleted',
      }),
    ];
    for (const s of sent) expect(s.ack.status).toBe(200);
    await h.bot.deps.work.drain();
    expect(botPosts(channel)).toHaveLength(0);
    expect(allCalls()).toBe(before);

    const first = await mention(`payorder ${PAYORDER}`, { channel });
    await answerTo(first);
    const retry = await h.double.resendEvent(h.events, first, 1);
    expect(retry.status).toBe(200);
    await h.bot.deps.work.drain();
    expect(botPosts(channel)).toHaveLength(1);
    expect(allCalls()).toBe(before + 1);
  });

  it('answers a direct message in its conversation, not in a thread, in the person’s language', async () => {
    const sent = await h.double.sendDirectMessage(h.events, {
      text: `payorder ${PAYORDER}`,
      user: 'U0MZH',
    });
    const card = await answerTo(sent, false);
    expect(card.channel).toBe(sent.message.channel);
    expect(card.threadTs).toBeUndefined();
    expect(card.text).toContain('已支付');

    const paid = await answerTo(
      await h.double.sendDirectMessage(h.events, {
        text: `${bot()} punishments ${X.punishments.platformUserId}`,
        user: 'U0MZH',
      }),
      false,
    );
    expect(JSON.stringify(paid.blocks)).toMatch(/查询（(价格未知|\d+ 积分)）/);
  });

  it('answers a mention in the workspace’s language, whatever the person reads', async () => {
    await saveWorkspaceSettings(h.bot.deps.store.db, {
      workspaceId: h.double.teamId,
      language: 'zh-CN',
      now: new Date(),
    });
    try {
      const card = await answerTo(await mention(`payorder ${PAYORDER}`, { channel: 'C0MEN8' }));
      expect(card.text).toContain('已支付');
      const usage = await answerTo(await mention('', { channel: 'C0MEN8' }));
      expect(usage.text).toContain('不带斜杠');
    } finally {
      await saveWorkspaceSettings(h.bot.deps.store.db, {
        workspaceId: h.double.teamId,
        language: 'en',
        now: new Date(),
      });
    }
  });
});
