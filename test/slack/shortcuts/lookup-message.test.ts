import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { checkView } from '../../../src/slack/blocks/limits.js';
import type { DoubleMessage, DoubleView } from '../../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';
import { botDatabase } from '../../fakes/bot-database.js';
import { DIALECTS } from '../../fakes/databases.js';
import { eventually } from '../../fakes/eventually.js';

// "Look up in querydesk" on a message, through signed requests to the real app against the Slack
// double and the embedded sandbox: the numbers the message names prefill a lookup's own form,
// nothing is looked up before the form is submitted, and the answer is the lookup's private card
// in the message's channel.
const X = SANDBOX_EXAMPLES;
const ORDER = X.payOrder.paid.orderNumber;
const MERCHANT = X.payOrder.merchantNum;
const SHOP = X.shopOrders.ownerId;

type Block = {
  type: string;
  block_id?: string;
  element?: { initial_value?: string };
  accessory?: { type: string; options: { value: string }[]; initial_option?: { value: string } };
  elements?: { text?: string }[];
};
const blocksOf = (v: DoubleView) => v.view.blocks as Block[];
const initialOf = (v: DoubleView, blockId: string) =>
  blocksOf(v).find((b) => b.block_id === blockId)?.element?.initial_value;
const inputsOf = (v: DoubleView) =>
  blocksOf(v)
    .filter((b) => b.type === 'input')
    .map((b) => b.block_id);
const selectOf = (v: DoubleView) =>
  blocksOf(v).find((b) => b.accessory?.type === 'static_select')?.accessory;
/** What the modal says about the message's numbers (its first context). */
const foundLine = (v: DoubleView) => blocksOf(v)[0]?.elements?.[0]?.text ?? '';

describe.each(DIALECTS)('the message shortcut "Look up in querydesk" (%s)', (dialect) => {
  let h: BotHarness;
  let disposeDb: () => Promise<void>;
  beforeAll(async () => {
    const db = await botDatabase(dialect);
    disposeDb = db.dispose;
    h = await startBot({ DATABASE_URL: db.url });
  });
  afterAll(async () => {
    await h?.stop();
    await disposeDb?.();
  });

  const gatewayCalls = () => h.bot.sandbox!.requests().length;

  /** The shortcut picked on a message in `channel`; the modal it opened. */
  async function pick(
    user: string,
    message: { text?: string; blocks?: unknown[]; channel: string },
  ): Promise<DoubleView> {
    const before = h.double.views().length;
    const ack = await h.double.sendShortcut(h.events, {
      callbackId: 'lookup_message',
      user,
      message,
    });
    expect(ack.status).toBe(200);
    const opened = await h.double.waitFor(() => h.double.views()[before], 5000);
    expect(opened.view.callback_id).toBe('qd_lookup_message_modal');
    expect(checkView(opened.view)).toEqual([]);
    return opened;
  }

  /** The next private message `user` sees. */
  function nextPrivate(user: string): () => Promise<DoubleMessage> {
    const mine = () => h.double.messages().filter((m) => m.ephemeral && m.visibleTo === user);
    const before = mine().length;
    return () => h.double.waitFor(() => mine()[before], 8000);
  }

  it('two numbers open the payment-order form with both; submitted, the card lands in the message’s channel', async () => {
    const calls = gatewayCalls();
    const modal = await pick('U0TWO', {
      channel: 'C0COMPLAINT',
      text: `客户说订单${ORDER}（商户号 ${MERCHANT}）已付款但没到账，order_ref abc123456 and 12345`,
    });
    expect(foundLine(modal)).toContain(`\`${ORDER}\`, \`${MERCHANT}\``);
    expect(foundLine(modal)).not.toContain('123456');
    const select = selectOf(modal)!;
    expect(select.options.map((o) => o.value)).toEqual([
      'payorder',
      'shoporders',
      'account',
      'coupons',
      'punishments',
    ]);
    expect(select.initial_option?.value).toBe('payorder');
    expect(initialOf(modal, 'order_number')).toBe(ORDER);
    expect(initialOf(modal, 'merchant_num')).toBe(MERCHANT);
    expect(gatewayCalls()).toBe(calls);

    const answer = nextPrivate('U0TWO');
    const ack = await h.double.sendViewSubmission(h.events, {
      viewId: modal.id,
      user: 'U0TWO',
      values: { order_number: { order_number: ORDER }, merchant_num: { merchant_num: MERCHANT } },
    });
    expect(ack.json).toBeUndefined();
    const card = await answer();
    expect(card.channel).toBe('C0COMPLAINT');
    expect(card.text).toMatch(/Paid/);
    expect(JSON.stringify(card.blocks)).toContain('"action_id":"qd_share"');
    expect(gatewayCalls()).toBe(calls + 1);
    const audit = await eventually(async () => {
      const rows = await h.bot.deps.store.db
        .selectFrom('audit_entries')
        .select(['command', 'channel_id', 'operation'])
        .where('user_id', '=', 'U0TWO')
        .execute();
      return rows.length > 0 && rows;
    });
    expect(audit).toEqual([
      { command: 'shortcut:lookup_message', channel_id: 'C0COMPLAINT', operation: 'payOrder' },
    ]);
  });

  it('one number opens shop orders; picking another lookup redraws its own form, prefilled', async () => {
    const calls = gatewayCalls();
    const modal = await pick('U0ONE', { channel: 'C0SHOP', text: `shop ${SHOP} has no orders?` });
    expect(selectOf(modal)?.initial_option?.value).toBe('shoporders');
    expect(inputsOf(modal)[0]).toBe('owner_id');
    expect(initialOf(modal, 'owner_id')).toBe(SHOP);

    const redrawn = async (value: string, firstInput: string) => {
      await h.double.sendAction(h.events, {
        actionId: 'qd_lookup_message_pick',
        viewId: modal.id,
        user: 'U0ONE',
        value,
      });
      return h.double.waitFor(() => {
        const v = h.double.views().find((x) => x.id === modal.id);
        return v && inputsOf(v)[0] === firstInput ? v : undefined;
      }, 5000);
    };
    const coupons = await redrawn('coupons', 'sid');
    expect(coupons.lastAction).toBe('updated');
    expect(selectOf(coupons)?.initial_option?.value).toBe('coupons');
    expect(initialOf(coupons, 'sid')).toBe(SHOP);
    expect(checkView(coupons.view)).toEqual([]);
    const account = await redrawn('account', 'media_mark');
    expect(initialOf(account, 'media_mark')).toBe(SHOP);
    const punishments = await redrawn('punishments', 'platform_user_id');
    expect(initialOf(punishments, 'platform_user_id')).toBe(SHOP);
    // Back to a form shown before: a new pick, not a double click.
    const again = await redrawn('coupons', 'sid');
    expect(initialOf(again, 'sid')).toBe(SHOP);

    // The payment order needs a second number the message did not have: refused in the form.
    const payorder = await redrawn('payorder', 'order_number');
    expect(initialOf(payorder, 'order_number')).toBe(SHOP);
    const refused = await h.double.sendViewSubmission(h.events, {
      viewId: modal.id,
      user: 'U0ONE',
      values: { order_number: { order_number: SHOP } },
    });
    expect(refused.json).toEqual({
      response_action: 'errors',
      errors: { merchant_num: 'this field is required' },
    });
    expect(gatewayCalls()).toBe(calls);

    // Shop orders with a page size its command refuses: refused the same way, still no call.
    await redrawn('shoporders', 'owner_id');
    const tooBig = await h.double.sendViewSubmission(h.events, {
      viewId: modal.id,
      user: 'U0ONE',
      values: { owner_id: { owner_id: SHOP }, size: { size: '500' } },
    });
    expect((tooBig.json as { errors: Record<string, string> }).errors).toHaveProperty('size');
    expect(gatewayCalls()).toBe(calls);

    const answer = nextPrivate('U0ONE');
    await h.double.sendViewSubmission(h.events, {
      viewId: modal.id,
      user: 'U0ONE',
      values: { owner_id: { owner_id: SHOP }, size: { size: '20' } },
    });
    const card = await answer();
    expect(card.channel).toBe('C0SHOP');
    expect(card.text).toMatch(/page 1 of 13/i);
    expect(gatewayCalls()).toBe(calls + 1);
  });

  it('no numbers: an empty payment-order form that says so, in the person’s language', async () => {
    h.double.addUser({ id: 'U0ZHNONE', locale: 'zh-CN' });
    const zh = await pick('U0ZHNONE', { channel: 'C0CHAT', text: '钱到了吗？订单号 12345 太短' });
    expect((zh.view.title as { text: string }).text).toBe('在 querydesk 中查询');
    expect(foundLine(zh)).toContain('没有找到数字');
    expect(JSON.stringify(zh.view)).toContain('支付订单（/payorder，免费）');
    expect(selectOf(zh)?.initial_option?.value).toBe('payorder');
    expect(initialOf(zh, 'order_number')).toBeUndefined();
    expect(initialOf(zh, 'merchant_num')).toBeUndefined();

    const en = await pick('U0ENNONE', { channel: 'C0CHAT', text: 'has it arrived?' });
    expect((en.view.title as { text: string }).text).toBe('Look up in querydesk');
    expect(foundLine(en)).toMatch(/No numbers were found in this message/);
  });

  it('a message of 40,000 characters: its numbers (at most 10) from its text and blocks', async () => {
    const filler = '很长的消息 long message, '.repeat(2000);
    const numbers = Array.from({ length: 12 }, (_, i) => `${4200000000 + i}`);
    const text = `${numbers.slice(0, 6).join(' ')} ${filler}`.slice(0, 40_000);
    expect(text.length).toBe(40_000);
    const blocks = [
      {
        type: 'rich_text',
        elements: [
          {
            type: 'rich_text_section',
            elements: [{ type: 'text', text: `${filler} ${numbers.slice(6).join('、')}` }],
          },
        ],
      },
    ];
    const calls = gatewayCalls();
    const modal = await pick('U0LONG', { channel: 'C0LONG', text, blocks });
    for (const n of numbers.slice(0, 10)) expect(foundLine(modal)).toContain(n);
    expect(foundLine(modal)).not.toContain(numbers[10]);
    expect(initialOf(modal, 'order_number')).toBe(numbers[0]);
    expect(initialOf(modal, 'merchant_num')).toBe(numbers[1]);

    const none = await pick('U0LONG', { channel: 'C0LONG', text: 'x'.repeat(40_000) });
    expect(foundLine(none)).toMatch(/No numbers were found/);
    expect(gatewayCalls()).toBe(calls);
  });

  it('a paid lookup from a channel where paid commands are not allowed is refused, and nothing is called', async () => {
    h.double.addUser({ id: 'U0ADMIN', isAdmin: true });
    const views = h.double.views().length;
    await h.double.sendCommand(h.events, {
      command: '/querydesk',
      text: 'config',
      user: 'U0ADMIN',
    });
    const config = await h.double.waitFor(() => h.double.views()[views], 5000);
    await h.double.sendViewSubmission(h.events, {
      viewId: config.id,
      user: 'U0ADMIN',
      values: { paid_channels: { paid_channels: { selected_conversations: ['C0OPS'] } } },
    });
    await eventually(
      async () => (await h.bot.deps.settings.spendRules(h.double.teamId)).channels.length === 1,
      8000,
      'settings saved',
    );
    const calls = gatewayCalls();
    const modal = await pick('U0ELSE', { channel: 'C0ELSEWHERE', text: `shop ${SHOP}` });
    const answer = nextPrivate('U0ELSE');
    await h.double.sendViewSubmission(h.events, {
      viewId: modal.id,
      user: 'U0ELSE',
      values: { owner_id: { owner_id: SHOP } },
    });
    const refusal = await answer();
    expect(refusal.channel).toBe('C0ELSEWHERE');
    expect(refusal.text).toMatch(/not allowed in this channel/);
    expect(gatewayCalls()).toBe(calls);
  });
});
