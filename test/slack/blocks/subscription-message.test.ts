import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/translator.js';
import {
  subscriptionListMessage,
  subscriptionMessage,
} from '../../../src/slack/blocks/subscription-message.js';
import {
  newOrderMessage,
  newOrdersBatchMessage,
} from '../../../src/slack/blocks/subscription-orders.js';
import { subscriptionPreviewMessage } from '../../../src/slack/blocks/subscription-preview.js';
import type { SubscriptionRow } from '../../../src/subscriptions/index.js';
import { hasChinese, inEveryLanguage } from '../../fakes/both-languages.js';
import { LONG, longShopOrder, parsedShopPage } from './card-data.js';

const ZONE = 'Asia/Shanghai';
const ID = '6f1c2b1e-5d2a-4a4e-9a51-8d0c1f2e3a4b';

function row(over: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    workspace_id: 'T1',
    subscription_id: ID,
    channel_id: 'C1',
    user_id: 'U0SUBSCRIBER',
    owner_id: '2201000250',
    remark: 'gift',
    remark_tag: 2,
    interval_ms: 15 * 60_000,
    state: 'active',
    message_ts: '1700000000.000001',
    started_at: 1_700_000_000_000,
    polled_to: null,
    next_poll_at: null,
    send_retry_at: null,
    paused: null,
    paused_until: null,
    failures: 0,
    problem: null,
    problem_url: null,
    price: 5,
    polls: 1200,
    points: 6000,
    orders_posted: 3,
    ended_by: null,
    ended_reason: null,
    approved_by: null,
    lease_owner: null,
    lease_until: null,
    locale: null,
    created_at: 1_700_000_000_000,
    updated_at: 1_700_000_000_000,
    ...over,
  };
}

const STATES: [string, Partial<SubscriptionRow>][] = [
  ['polling', {}],
  ['paused by the budget', { paused: 'budget', paused_until: 1_700_050_000_000 }],
  ['failing', { problem: 'the shop is not authorized.', problem_url: 'https://x.invalid/a' }],
  ['unsubscribed', { state: 'ended', ended_reason: 'unsubscribed', ended_by: 'U0ENDER' }],
  ['archived', { state: 'ended', ended_reason: 'archived' }],
  ['long', { owner_id: LONG, remark: LONG, problem: LONG }],
];

describe('the subscription message', () => {
  it.each(STATES)('reads in every language when %s; Chinese shows 积分', (_label, over) => {
    const r = row(over);
    const out = inEveryLanguage((t) =>
      subscriptionMessage(r, { pollsPerDay: 96, budgetZone: ZONE, t }),
    );
    expect(out['zh-CN'].text).toContain('积分');
    expect(out['zh-CN'].text).toContain('每天至少 480 积分');
    expect(out.en.text).toContain('at least 480 points a day');
  });

  it('keeps its English words', () => {
    const m = subscriptionMessage(row(), {
      pollsPerDay: 96,
      budgetZone: ZONE,
      t: translator('en'),
    });
    expect(m.text).toBe(
      'New shop orders of 2201000250 (remark "gift", tag 2), subscribed by <@U0SUBSCRIBER>: polled every 15 min (96 polls a day, at least 480 points a day). :satellite_antenna: Polling: 1,200 polls so far, 6,000 points, 3 orders posted.',
    );
    const zh = subscriptionMessage(row({ state: 'ended', ended_reason: 'left_channel' }), {
      pollsPerDay: 96,
      budgetZone: ZONE,
      t: translator('zh-CN'),
    });
    expect(zh.text).toContain(
      '2201000250 的新店铺订单（备注“gift”，标记 2），由 <@U0SUBSCRIBER> 订阅',
    );
    expect(zh.text).toContain('每 15 分钟轮询一次');
    expect(zh.text).toContain('已结束：querydesk 已离开这个频道。');
  });
});

describe('the subscription list', () => {
  it('reads in every language, empty and full', () => {
    const empty = inEveryLanguage((t) => subscriptionListMessage([], t));
    expect(hasChinese(empty['zh-CN'])).toBe(true);
    expect(empty.en.text).toMatch(/^This channel has no subscription\./);
    const rows = Array.from({ length: 50 }, (_, i) =>
      row({ subscription_id: `${ID.slice(0, -2)}${String(i).padStart(2, '0')}`, paused: 'budget' }),
    );
    const full = inEveryLanguage((t) => subscriptionListMessage(rows, t));
    expect(full['zh-CN'].text).toBe('这个频道有 50 个订阅');
    expect(JSON.stringify(full['zh-CN'].blocks)).toContain('6,000 积分，因预算暂停');
    expect(full.en.text).toBe('50 subscriptions in this channel');
    expect(JSON.stringify(full.en.blocks)).toContain('6,000 points so far, paused by the budget');
  });
});

describe('the subscription preview', () => {
  it.each([
    [5, 1000],
    [undefined, undefined],
  ])('reads in every language (price %s, budget %s)', (price, budget) => {
    const out = inEveryLanguage((t) =>
      subscriptionPreviewMessage({
        subscriptionId: ID,
        ownerId: '2201000250',
        remark: 'gift',
        remarkTag: 2,
        intervalMs: 90_000,
        pollsPerDay: 960,
        price,
        budget,
        t,
      }),
    );
    const zh = JSON.stringify(out['zh-CN'].blocks);
    expect(zh).toContain('"订阅"');
    expect(zh).toContain('每 90 秒一次');
    expect(out.en.text).toContain('960 polls a day (every 90 s)');
    if (price) {
      expect(zh).toContain('每天至少 4,800 积分');
      expect(out.en.text).toContain('at least 4,800 points a day');
    }
  });
});

describe('the orders posted', () => {
  const sample = parsedShopPage().orders[0]!;

  it('one new order reads in every language', () => {
    for (const o of [sample, longShopOrder(1)]) {
      const out = inEveryLanguage((t) => newOrderMessage(row(), o, { timeZone: ZONE, t }));
      expect(out['zh-CN'].text).toMatch(/^:package: 新订单：/);
      expect(out['zh-CN'].text).toContain('确认于');
      expect(out.en.text).toMatch(/^:package: New order: /);
    }
  });

  it('"N new orders" reads in every language', () => {
    const first = Array.from({ length: 10 }, (_, i) => longShopOrder(i));
    const out = inEveryLanguage((t) =>
      newOrdersBatchMessage(row(), first, 1234, { timeZone: ZONE, t }),
    );
    expect(out['zh-CN'].text).toBe('2201000250 的 1,234 个新订单');
    expect(JSON.stringify(out['zh-CN'].blocks)).toContain(
      '按确认时间显示前 10 个；全部 1,234 个订单',
    );
    expect(out.en.text).toBe('1,234 new orders of 2201000250');
    expect(JSON.stringify(out.en.blocks)).toContain(
      'The first 10 by confirmation time; all 1,234 are in the CSV in this thread.',
    );
  });
});
