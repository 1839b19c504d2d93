import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageSnapshot } from '../../src/console/page-json.js';
import type { RunningConsole } from '../../src/console/start-console.js';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { eventually } from '../fakes/eventually.js';
import { post, startTestConsole } from './start.js';

const { merchantNum, paid } = SANDBOX_EXAMPLES.payOrder;
const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId;

const YOU = 'U0000000001';
const MEI = 'U0000000002';
const BOT = 'U0BOT00001';

// The console's two people, their IMs with the bot, what they type and the message shortcut:
// each reaches the real bot as a signed request shaped as Slack's (the ack is the bot's own).
describe('the console people, their messages and the message shortcut', () => {
  let qd: RunningConsole;
  let base: string;
  const state = async () => (await (await fetch(`${base}/console/state`)).json()) as PageSnapshot;

  beforeAll(async () => {
    qd = await startTestConsole();
    base = `http://127.0.0.1:${qd.port}`;
  });
  afterAll(async () => {
    await post(base, '/console/as', { user: YOU });
    await qd?.stop();
  });

  it('knows two people, each with one IM with the bot, and acts as the first', async () => {
    const snap = await state();

    expect(snap.user).toEqual({ id: YOU, name: 'You' });
    expect(snap.people.map((p) => [p.id, p.name, p.im])).toEqual([
      [YOU, 'You', 'D0000000001'],
      [MEI, 'Mei Lin', 'D0000000002'],
    ]);
    expect(snap.bot).toEqual({ id: BOT, name: 'querydesk' });
    expect(snap.shortcuts).toEqual([
      { callbackId: 'lookup_message', name: 'Look up in querydesk' },
    ]);
  });

  it('switches who acts, and refuses anyone who is not a console person', async () => {
    const switched = await post(base, '/console/as', { user: MEI });
    const asMei = await state();
    const refused = await post(base, '/console/as', { user: 'U0STRANGER' });
    await post(base, '/console/as', { user: YOU });

    expect(switched.json).toEqual({ ok: true, user: MEI });
    expect(asMei.user).toEqual({ id: MEI, name: 'Mei Lin' });
    expect(refused.status).toBe(400);
    expect((await state()).user.id).toBe(YOU);
  });

  it('posts "@querydesk …" as the person, as app_mention; the bot answers in its thread', async () => {
    const sent = await post(base, '/console/message', {
      text: `@querydesk payorder ${paid.orderNumber} ${merchantNum}`,
    });
    const mine = (await state()).messages.find((m) => m.ts === sent.json.ts);
    const answer = await eventually(async () =>
      (await state()).messages.find((m) => m.isBot && m.threadTs === sent.json.ts),
    );

    expect(sent.json).toMatchObject({ ok: true, event: 'app_mention', status: 200 });
    expect(mine).toMatchObject({
      channel: 'C0000000001',
      user: YOU,
      author: 'You',
      isBot: false,
      ephemeral: false,
      text: `<@${BOT}> payorder ${paid.orderNumber} ${merchantNum}`,
    });
    expect(answer.ephemeral).toBe(false);
    expect(JSON.stringify(answer.blocks)).toContain(paid.orderNumber);
  });

  it('a plain channel message is posted and reaches nobody; a thread reply keeps its thread', async () => {
    const parent = await post(base, '/console/message', {
      text: 'has 420012405000011 been paid? <b>&',
    });
    const reply = await post(base, '/console/message', {
      text: '@querydesk 420012405000011 898310058120001',
      threadTs: parent.json.ts,
    });
    const replyToReply = await post(base, '/console/message', {
      text: 'thanks',
      threadTs: reply.json.ts,
    });
    const messages = (await state()).messages;

    expect(parent.json).toMatchObject({ ok: true, event: null });
    expect(messages.find((m) => m.ts === parent.json.ts)?.text).toBe(
      'has 420012405000011 been paid? &lt;b&gt;&amp;',
    );
    expect(reply.json).toMatchObject({ ok: true, event: 'app_mention', status: 200 });
    expect(messages.find((m) => m.ts === reply.json.ts)?.threadTs).toBe(parent.json.ts);
    expect(messages.find((m) => m.ts === replyToReply.json.ts)?.threadTs).toBe(parent.json.ts);
  });

  it('a message in the person’s IM is delivered as message.im and answered there; another’s IM is refused', async () => {
    const dm = await post(base, '/console/message', {
      channel: 'D0000000001',
      text: `${paid.orderNumber} ${merchantNum}`,
    });
    const answer = await eventually(async () =>
      (await state()).messages.find(
        (m) =>
          m.isBot && m.channel === 'D0000000001' && JSON.stringify(m.blocks).includes(merchantNum),
      ),
    );
    const intruding = await post(base, '/console/message', {
      channel: 'D0000000002',
      text: 'hello',
    });
    const elsewhere = await post(base, '/console/message', { channel: 'C0OTHER', text: 'hi' });

    expect(dm.json).toMatchObject({ ok: true, event: 'message', status: 200 });
    expect(intruding.status).toBe(400);
    expect(elsewhere.status).toBe(400);
    const inIm = (await state()).messages.filter((m) => m.channel === 'D0000000001');
    expect(inIm.map((m) => m.text)).toContain(`${paid.orderNumber} ${merchantNum}`);
    expect(answer.threadTs).toBeUndefined();
  });

  it('runs a slash command typed in the person’s own IM there, and refuses another’s IM', async () => {
    const ran = await post(base, '/console/command', {
      command: '/querydesk',
      text: 'help',
      channel: 'D0000000001',
    });
    const intruding = await post(base, '/console/command', {
      command: '/querydesk',
      text: 'help',
      channel: 'D0000000002',
    });
    const help = await eventually(async () =>
      (await state()).messages.find(
        (m) => m.channel === 'D0000000001' && m.ephemeral && m.text.includes('/payorder'),
      ),
    );

    expect(ran.json).toMatchObject({ ok: true, status: 200 });
    expect(intruding.status).toBe(400);
    expect(help?.author).toBe('querydesk');
  });

  it('sends the message shortcut for a message, and refuses unknown shortcuts and messages', async () => {
    const said = await post(base, '/console/message', {
      text: `order ${paid.orderNumber} merchant ${merchantNum}`,
    });
    const chosen = await post(base, '/console/shortcut', {
      callbackId: 'lookup_message',
      channel: 'C0000000001',
      messageTs: said.json.ts,
    });
    const unknown = await post(base, '/console/shortcut', {
      callbackId: 'nope',
      channel: 'C0000000001',
      messageTs: said.json.ts,
    });
    const missing = await post(base, '/console/shortcut', {
      callbackId: 'lookup_message',
      channel: 'C0000000001',
      messageTs: '1.000001',
    });

    const modal = await eventually(async () => (await state()).stack.at(-1));
    await post(base, '/console/close', { viewId: modal.id });

    expect(chosen.json).toEqual({ ok: true, status: 200 });
    expect(JSON.stringify(modal.view)).toContain(`"initial_value":"${paid.orderNumber}"`);
    expect(JSON.stringify(modal.view)).toContain(`"initial_value":"${merchantNum}"`);
    expect(unknown.status).toBe(400);
    expect(missing.status).toBe(400);
  });

  /** `/querydesk config` saved with "Approval needed above"; resolves once the form shows it. */
  async function setApprovalAbove(points: string) {
    const open = async () => {
      await post(base, '/console/command', { command: '/querydesk', text: 'config' });
      return eventually(async () => (await state()).stack.at(-1), 10_000, 'config form');
    };
    const form = await open();
    const ack = await post(base, '/console/submit', {
      viewId: form.id,
      values: { approval_above: { approval_above: points } },
    });
    // Saved after the ack: the form, opened again, shows what was saved.
    await eventually(
      async () => {
        const again = await open();
        await post(base, '/console/close', { viewId: again.id });
        return JSON.stringify(again.view).includes(`"initial_value":"${points}"`);
      },
      10_000,
      'the setting saved',
    );
    return ack;
  }

  it('a button in a person’s DM clicks as that person, whoever is acting: Mei approves You’s export', async () => {
    const saved = await setApprovalAbove('0');
    await post(base, '/console/command', { command: '/shoporders', text: `export ${SHOP}` });
    const preview = await eventually(
      async () =>
        (await state()).messages.find((m) => JSON.stringify(m.blocks).includes('qd_approval_ask')),
      10_000,
      'preview',
    );
    await post(base, '/console/action', {
      channel: preview.channel,
      messageTs: preview.ts,
      actionId: 'qd_approval_ask',
    });
    const request = await eventually(async () =>
      (await state()).messages.find(
        (m) =>
          m.channel === 'D0000000002' && JSON.stringify(m.blocks).includes('qd_approval_approve'),
      ),
    );
    const click = await post(base, '/console/action', {
      channel: request.channel,
      messageTs: request.ts,
      actionId: 'qd_approval_approve',
    });
    const decided = await eventually(async () =>
      (await state()).messages.find((m) => m.ts === request.ts && m.edited),
    );

    expect(saved.json).toMatchObject({ ok: true });
    expect((await state()).user.id).toBe(YOU);
    expect(click.json).toMatchObject({ ok: true });
    expect(JSON.stringify(decided.blocks)).toContain(`<@${MEI}> approved it`);
    expect(JSON.stringify(decided.blocks)).not.toContain('qd_approval_approve');
  });

  it('shows each person only their own ephemerals, and their own language', async () => {
    await post(base, '/console/command', { command: '/querydesk', text: 'help' });
    await post(base, '/console/as', { user: MEI });
    await post(base, '/console/language', { locale: 'zh-CN' });
    const asMei = await state();
    await post(base, '/console/as', { user: YOU });
    const asYou = await state();

    expect(asMei.messages.some((m) => m.ephemeral)).toBe(false);
    expect(asMei.locale).toBe('zh-CN');
    expect(asMei.people.find((p) => p.id === MEI)?.locale).toBe('zh-CN');
    expect(asYou.locale).toBe('en');
    expect(asYou.messages.some((m) => m.ephemeral && m.text.includes('/payorder'))).toBe(true);
  });
});
