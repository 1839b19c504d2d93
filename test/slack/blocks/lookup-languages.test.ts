import { describe, expect, it } from 'vitest';
import { GatewayApiError } from '../../../src/gateway/errors.js';
import { accountCard } from '../../../src/slack/blocks/account-card.js';
import { type CouponsView, couponsCard } from '../../../src/slack/blocks/coupons-card.js';
import { errorCard, refusal } from '../../../src/slack/blocks/error-card.js';
import { lookupForm } from '../../../src/slack/blocks/lookup-form.js';
import { payOrderCard } from '../../../src/slack/blocks/pay-order-card.js';
import {
  type PunishmentsView,
  punishmentsCard,
} from '../../../src/slack/blocks/punishments-card.js';
import { withSandboxNote } from '../../../src/slack/blocks/sandbox-note.js';
import { type ShopOrdersView, shopOrdersCard } from '../../../src/slack/blocks/shop-orders-card.js';
import { COMMANDS } from '../../../src/slack/commands/index.js';
import { queuedMessage } from '../../../src/slack/lookup/queue-notice.js';
import { allStrings, hasChinese, inEveryLanguage } from '../../fakes/both-languages.js';
import {
  parsedAccount,
  parsedCoupons,
  parsedPayOrder,
  parsedPunishments,
  parsedShopPage,
  tableOf,
  visibleText,
} from './card-data.js';

const zone = 'Asia/Shanghai';
const TIME = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/;

describe('lookup cards in every language', () => {
  it('a payment order reads 未支付 / 已支付 and 未回调 in Chinese, its English words unchanged', () => {
    const unpaid = { ...parsedPayOrder(), status: 0, notified: false };
    const paid = { ...parsedPayOrder(), status: 1, notified: true };
    const opts = { timeZone: zone, refreshValue: 'r', shareKey: 's' };
    const a = inEveryLanguage((t) => payOrderCard(unpaid, { ...opts, t }));
    const b = inEveryLanguage((t) => payOrderCard(paid, { ...opts, t }));
    const zh = visibleText(a['zh-CN'].blocks);
    expect(zh).toContain('未支付');
    expect(zh).toContain('未回调');
    expect(zh).toContain('分享到频道');
    expect(zh).toContain('支付方式');
    expect(zh).toMatch(TIME);
    expect(visibleText(b['zh-CN'].blocks)).toContain('已支付');
    expect(visibleText(b['zh-CN'].blocks)).toContain('已回调');
    const en = visibleText(a.en.blocks);
    expect(en).toContain('*Status*\nUnpaid');
    expect(en).toContain('not called back');
    expect(en).toContain('Share in channel');
  });

  it('an account card has Chinese labels and the stats table in zh-CN', () => {
    const out = inEveryLanguage((t) => accountCard(parsedAccount(), { timeZone: zone, t }));
    const zh = visibleText(out['zh-CN'].blocks);
    expect(zh).toContain('*性别*');
    expect(zh).toContain('最近 7 天');
    expect(zh).toContain('新增粉丝');
    expect(visibleText(out.en.blocks)).toContain('*Last 7 days*');
    expect(visibleText(out.en.blocks)).toContain('new fans');
  });

  it('a coupons page speaks Chinese, times with seconds', () => {
    const page = parsedCoupons();
    const view: CouponsView = {
      sid: 'channel-7',
      kind: 'takeout',
      from: new Date('2024-04-30T16:00:00Z'),
      to: new Date('2024-05-14T16:00:00Z'),
      windows: 2,
      total: page.total,
      rows: page.rows,
      humanPage: 1,
      totalPages: 2,
      nextValue: 'n',
    };
    const out = inEveryLanguage((t) => couponsCard(view, { timeZone: zone, shareKey: 's', t }));
    const zh = visibleText(out['zh-CN'].blocks);
    expect(zh).toContain('外卖优惠券');
    expect(zh).toContain('2024-05-01 00:00:00 – 2024-05-15 00:00:00');
    expect(zh).toContain('下一页');
    expect(tableOf(out['zh-CN'].blocks)?.rows[0]).toEqual([
      '领取时间',
      '优惠券',
      '面额（元）',
      '使用门槛（元）',
      '券码',
      '生效时间',
      '失效时间',
    ]);
    expect(out['zh-CN'].text).toContain('第 1 / 2 页，本页 2 次领取');
    expect(visibleText(out.en.blocks)).toContain('Takeout coupons claimed 2024-05-01 00:00:00');
  });

  it('punishment orders say 已冻结 in Chinese', () => {
    const view: PunishmentsView = {
      platformUserId: '123456',
      page: parsedPunishments(),
      humanPage: 1,
      totalPages: 1,
    };
    const out = inEveryLanguage((t) => punishmentsCard(view, { timeZone: zone, t }));
    expect(tableOf(out['zh-CN'].blocks)?.rows[0]).toEqual([
      '状态',
      '违规类型',
      '交易号',
      '创建时间',
      '结算月份',
      '渠道关系 ID',
      'PID（pub/site/adzone）',
    ]);
    expect(tableOf(out['zh-CN'].blocks)?.rows[1]?.[0]).toBe('已冻结');
    expect(visibleText(out['zh-CN'].blocks)).toContain('处罚订单');
    expect(out['zh-CN'].text).toContain('第 1 / 1 页，本页 2 条');
    expect(tableOf(out.en.blocks)?.rows[1]?.[0]).toBe('frozen');
  });

  it('shop orders keep option keys and values, and translate the rest', () => {
    const view: ShopOrdersView = {
      ownerId: 'owner-9',
      edition: 'enhanced',
      filters: { from: '2024-05-01', remark: 'gift' },
      orders: parsedShopPage().orders,
      humanPage: 2,
      totalPages: 3,
      totalOrders: 250,
      prevValue: 'p1',
      nextValue: 'p3',
      filterValue: 'f',
    };
    const out = inEveryLanguage((t) => shopOrdersCard(view, { timeZone: zone, shareKey: 's', t }));
    const zh = visibleText(out['zh-CN'].blocks);
    expect(zh).toContain('第 2 / 3 页');
    expect(zh).toContain('250 个订单');
    expect(zh).toContain('筛选…');
    expect(zh).toContain('from: 2024-05-01');
    expect(zh).toContain('enhanced 版');
    expect(tableOf(out['zh-CN'].blocks)?.rows[0]).toEqual([
      '订单号',
      '状态',
      '商品',
      '数量',
      '实付（元）',
      '最晚发货',
      '收货人',
      '备注 · 标记',
    ]);
    expect(tableOf(out['zh-CN'].blocks)?.align[4]).toBe('right');
    expect(out['zh-CN'].text).toContain('第 2 / 3 页，本页');
    expect(visibleText(out.en.blocks)).toContain('Page 2 of 3 · 250 orders · enhanced edition');
  });

  it('a gateway error gives meaning and remedy in the reader’s language, its request id as is', () => {
    const err = new GatewayApiError({
      operation: 'shopOrders',
      requestId: 'req-42',
      code: 302,
      reason: 'unauthorized-shop',
      gatewayMessage: 'shop not authorised',
      authUrl: 'https://auth.example/x',
    });
    err.charged = 3;
    const out = inEveryLanguage((t) => errorCard(err, t));
    const zh = visibleText(out['zh-CN'].blocks);
    expect(zh).toContain('怎么办');
    expect(zh).toContain('3 积分');
    expect(zh).toContain('req-42');
    expect(zh).toContain('授权');
    expect(visibleText(out.en.blocks)).toContain('*What to do:*');
    expect(visibleText(out.en.blocks)).toContain('this answer cost 3 points');
  });

  it('a refusal written as catalogue words reads in the reader’s language', () => {
    const err = refusal((t) => ({
      title: t('lookup.budget.title'),
      detail: t('lookup.budget.detail', {
        spent: 90,
        budget: 100,
        resets: '2024-05-02 00:00:00',
        timeZone: zone,
      }),
    }));
    expect(err.title).toBe('Daily budget reached');
    const out = inEveryLanguage((t) => errorCard(err, t));
    expect(visibleText(out['zh-CN'].blocks)).toContain('已达每日预算');
    expect(visibleText(out.en.blocks)).toContain('Daily budget reached');
  });

  it('the sandbox note and the queue notice are translated', () => {
    const note = inEveryLanguage((t) => withSandboxNote({ text: 'x', blocks: [] }, true, t));
    expect(visibleText(note['zh-CN'].blocks)).toContain('沙盒数据');
    expect(note.en.text).toBe('x (sandbox data)');
    const queued = inEveryLanguage((t) => queuedMessage({ ahead: 4, etaMs: 12_000 }, t));
    expect(queued['zh-CN'].text).toBe('排队中——前面还有 4 个，约 12 秒');
    expect(queued.en.text).toBe('Queued — 4 ahead, about 12 s');
  });

  it('every lookup form is drawn in the reader’s language', () => {
    for (const name of [
      '/payorder',
      '/account',
      '/coupons',
      '/punishments',
      '/shoporders',
    ] as const) {
      const modal = COMMANDS[name].modal;
      if (!modal) throw new Error(`${name} has no form`);
      const out = inEveryLanguage((t) => modal.build('{"channelId":"C1"}', t));
      expect(hasChinese(out['zh-CN']), name).toBe(true);
      expect(allStrings(out['zh-CN'])).toContain('查询');
      expect(allStrings(out.en)).toContain('Look up');
      expect(hasChinese(out.en), name).toBe(false);
    }
  });

  it("the form builder takes every word, the form's own and its frame's, from t", () => {
    const view = lookupForm(
      {
        title: 'lookup.form.to',
        intro: 'lookup.form.coupons.intro',
        fields: {
          a: {
            kind: 'select',
            label: 'lookup.form.coupons.kind',
            choices: [
              { value: '1', text: { key: 'lookup.form.shoporders.tagN', values: { n: 1 } } },
            ],
          },
        },
      },
      { callbackId: 'c', privateMetadata: '{}', t: (k, v) => `<${k}${v ? `:${v.n}` : ''}>` },
    );
    expect(allStrings(view)).toEqual(
      expect.arrayContaining([
        '<lookup.form.to>',
        '<lookup.form.coupons.intro>',
        '<lookup.form.coupons.kind>',
        '<lookup.form.shoporders.tagN:1>',
        '<lookup.form.submit>',
        '<lookup.form.cancel>',
        '<lookup.form.choose>',
      ]),
    );
  });
});
