import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { ACTION } from '../../../src/slack/blocks/ids.js';
import {
  channelMetadata,
  pageRefValue,
  readChannelMetadata,
  readPageRef,
  readRefreshPayOrder,
  readStateValues,
  readStoreKey,
  refreshPayOrderValue,
} from '../../../src/slack/blocks/values.js';
import { signedHeaders } from '../../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';

const X = SANDBOX_EXAMPLES;

describe('Slack payload values', () => {
  it('read back what the app wrote', () => {
    expect(readPageRef(pageRefValue({ q: 'k3Y_-x', p: 2 }))).toEqual({ q: 'k3Y_-x', p: 2 });
    const ref = { orderNumber: '4200', merchantNum: '8983', kind: 'merchant' as const };
    expect(readRefreshPayOrder(refreshPayOrderValue(ref))).toEqual(ref);
    // Cards written before these schemas carry the same JSON.
    expect(readRefreshPayOrder(JSON.stringify({ o: '4200', m: '8983' }))).toEqual({
      orderNumber: '4200',
      merchantNum: '8983',
    });
    expect(readChannelMetadata(channelMetadata('C0FORMS'))).toEqual({ channelId: 'C0FORMS' });
  });

  it.each([
    ['not JSON', '{q:'],
    ['the wrong shape', JSON.stringify({ q: 'abc', p: '2' })],
    ['a page below 1', JSON.stringify({ q: 'abc', p: 0 })],
    ['an extra field', JSON.stringify({ q: 'abc', p: 1, admin: true })],
    ['a key with a path in it', JSON.stringify({ q: '../x', p: 1 })],
    ['nothing', undefined],
  ])('turn a forged or stale paging value (%s) into undefined, never an exception', (_, value) => {
    expect(readPageRef(value)).toBeUndefined();
  });

  it('refuse forged refresh values, store keys, metadata and form state', () => {
    expect(readRefreshPayOrder(JSON.stringify({ o: '', m: 'x' }))).toBeUndefined();
    expect(readRefreshPayOrder(JSON.stringify({ o: '1', m: '2', k: 'both' }))).toBeUndefined();
    expect(readStoreKey('a b')).toBeUndefined();
    expect(readStoreKey('x'.repeat(65))).toBeUndefined();
    expect(readChannelMetadata('{"channelId":"<!channel>"}')).toBeUndefined();
    expect(readChannelMetadata('')).toBeUndefined();
    expect(readStateValues({ a: { b: { type: 'x', value: 7 } } })).toBeUndefined();
    expect(readStateValues('values')).toBeUndefined();
  });
});

describe('a forged or stale value in a real request', () => {
  let h: BotHarness;
  let web: WebClient;
  beforeAll(async () => {
    h = await startBot();
    web = new WebClient(h.double.botToken, { slackApiUrl: h.double.apiUrl });
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** A message holding one button with `actionId`, clicked with `value`; the bot's reply to the clicker. */
  async function click(actionId: string, value: string) {
    const posted = await web.chat.postMessage({
      channel: 'C0FORGE',
      text: 'forged',
      blocks: [
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              action_id: actionId,
              text: { type: 'plain_text', text: 'b' },
              value: 'x',
            },
          ],
        },
      ],
    });
    const replies = () => h.double.messages('C0FORGE').filter((m) => m.ephemeral);
    const before = replies().length;
    const ack = await h.double.sendAction(h.events, {
      actionId,
      channel: 'C0FORGE',
      messageTs: posted.ts,
      user: 'U0FORGER',
      value,
    });
    expect(ack.status).toBe(200);
    return h.double.waitFor(() => replies()[before], 5000);
  }

  it.each([
    [`${ACTION.shopOrdersPage}_next`, '{"q":'],
    [`${ACTION.couponsPage}_prev`, JSON.stringify({ q: 'k', p: -1 })],
    [`${ACTION.punishmentsPage}_next`, '[]'],
    [ACTION.refreshPayOrder, JSON.stringify({ o: X.payOrder.paid.orderNumber })],
    [ACTION.share, 'not a key!'],
  ])('%s with %s is answered "out of date", calling no gateway', async (actionId, value) => {
    const calls = h.bot.sandbox!.requests().length;
    const reply = await click(actionId, value);
    expect(reply.text).toMatch(/out of date/);
    expect(reply.text).toMatch(/sandbox/);
    expect(h.bot.sandbox!.requests()).toHaveLength(calls);
    expect(h.log.text()).not.toMatch(/unhandled listener error/);
  });

  it.each([
    [ACTION.qrCheckAgain, '   '],
    [ACTION.qrScanned, ''],
    [ACTION.qrLoadAccount, ''],
    [ACTION.qrNewCode, JSON.stringify({ m: '' })],
  ])('QR button %s with %j says to use /qr again', async (actionId, value) => {
    const reply = await click(actionId, value);
    expect(reply.text).toMatch(/out of date; use \/qr again/);
  });

  /** A view_submission of an opened `view` as Slack would sign it, with `privateMetadata` forged. */
  async function submitForged(
    view: { id: string; view: Record<string, unknown> },
    privateMetadata: string,
    values: Record<string, Record<string, Record<string, unknown>>>,
  ) {
    const payload = {
      type: 'view_submission',
      team: { id: h.double.teamId },
      user: { id: 'U0FORGER', team_id: h.double.teamId },
      api_app_id: 'A0',
      trigger_id: h.double.trigger('U0FORGER'),
      view: {
        ...view.view,
        id: view.id,
        team_id: h.double.teamId,
        private_metadata: privateMetadata,
        state: { values },
      },
    };
    const raw = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    const res = await fetch(h.events, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...signedHeaders(h.double.signingSecret, Math.floor(Date.now() / 1000), raw),
      },
      body: raw,
    });
    expect(res.status).toBe(200);
    return res.text();
  }
  const text = (value: string) => ({ type: 'plain_text_input', value });

  it('a modal whose private_metadata was tampered with is refused in the form, nothing is called', async () => {
    const views = h.double.views().length;
    await h.double.sendCommand(h.events, { command: '/payorder', text: '', channel: 'C0FORMS' });
    const modal = await h.double.waitFor(() => h.double.views()[views], 5000);
    const calls = h.bot.sandbox!.requests().length;

    const ack = await submitForged(modal, '{"channelId":"C1","admin":"U1"}', {
      order_number: { order_number: text(X.payOrder.paid.orderNumber) },
      merchant_num: { merchant_num: text(X.payOrder.merchantNum) },
    });

    expect(ack).toMatch(/form is out of date/);
    expect(h.bot.sandbox!.requests()).toHaveLength(calls);
  });

  it('the settings form with forged metadata saves nothing', async () => {
    h.double.addUser({ id: 'U0CFGADMIN', isAdmin: true });
    const views = h.double.views().length;
    await h.double.sendCommand(h.events, {
      command: '/querydesk',
      text: 'config',
      user: 'U0CFGADMIN',
    });
    const modal = await h.double.waitFor(() => h.double.views()[views], 5000);

    const ack = await submitForged(modal, 'U0CFGADMIN', {
      daily_budget: { daily_budget: { type: 'number_input', value: '0' } },
    });

    expect(ack).toMatch(/form is out of date/);
    expect(await h.bot.deps.dailyBudget(h.double.teamId)).toBeUndefined();
  });
});
