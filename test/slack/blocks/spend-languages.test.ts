import { describe, expect, it } from 'vitest';
import type { LedgerEntry, SpendReport } from '../../../src/ledger/types.js';
import { budgetWarning } from '../../../src/slack/blocks/budget-warning.js';
import { homeView } from '../../../src/slack/blocks/home-view.js';
import { spendCard } from '../../../src/slack/blocks/spend-card.js';
import { summaryChartTitle, summaryMessage } from '../../../src/slack/blocks/summary-message.js';
import { allStrings, hasChinese, inEveryLanguage } from '../../fakes/both-languages.js';

const ZONE = 'Asia/Shanghai';
const AT = new Date('2026-11-21T01:00:00Z'); // 09:00 in Shanghai

const report: SpendReport = {
  from: new Date(AT.getTime() - 86_400_000),
  to: AT,
  timeZone: ZONE,
  charged: 130,
  refunded: 10,
  net: 120,
  calls: 9,
  byOperation: [
    { operation: 'coupons', charged: 80, refunded: 0, net: 80, calls: 4 },
    { operation: 'qrCreate', charged: 50, refunded: 10, net: 40, calls: 5 },
  ],
  byUser: [
    { userId: 'U1', net: 70, calls: 5 },
    { userId: null, net: 50, calls: 4 },
  ],
  byDay: [
    { day: '2026-11-20', net: 90 },
    { day: '2026-11-21', net: 30 },
  ],
};

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  id: 1,
  workspaceId: 'T1',
  userId: 'U1',
  channelId: 'C1',
  operation: 'shopOrders',
  points: 5,
  kind: 'charge',
  gatewayCode: 0,
  requestId: 'r1',
  qrSessionId: null,
  createdAt: AT,
  unconfirmed: false,
  ...over,
});

const text = (v: unknown) => allStrings(v).join('\n');

describe('the spend builders in every language', () => {
  it('/spend card: points are 积分 in Chinese, English unchanged', () => {
    const out = inEveryLanguage((t) =>
      spendCard(report, {
        label: t('spend.period.7d'),
        budget: 500,
        spentToday: 30,
        timeZone: ZONE,
        sandbox: false,
        t,
      }),
    );
    expect(out.en.text).toBe(
      "Points spent last 7 days: 120 points net (130 charged, 10 refunded, 9 calls). Today's budget: 30 points of 500 points used, 470 points left.",
    );
    expect(text(out.en)).toContain('• Coupons: 80 points (4 calls)');
    expect(text(out.en)).toContain('• QR code: 40 points (5 calls, 10 refunded)');
    expect(text(out.en)).toContain('scheduled work');
    const zh = text(out['zh-CN']);
    expect(zh).toContain('最近 7 天消耗的积分');
    expect(zh).toContain('• 优惠券：80 积分（4 次调用）');
    expect(zh).toContain('• 二维码：40 积分（5 次调用，退还 10）');
    expect(zh).toContain('定时任务');
    expect(zh).toContain('已用 30 积分，共 500 积分，剩余 470 积分');
    expect(zh).not.toMatch(/points|calls|budget/);
  });

  it('budget warning: Chinese for a Chinese workspace, English unchanged', () => {
    const out = inEveryLanguage((t) =>
      budgetWarning({ spent: 165, budget: 200, resetsAt: '00:00', timeZone: ZONE, t }),
    );
    expect(out.en.text).toBe(
      "80 % of today's budget used: 165 of 200 points; paid look-ups stop at 200; resets at 00:00 (Asia/Shanghai).",
    );
    expect(out['zh-CN'].text).toBe(
      '今日预算已用 80%：165 / 200 积分；达到 200 积分后付费查询将停止；00:00（Asia/Shanghai）重置。',
    );
  });

  it('daily summary and its chart title: 积分 in Chinese, English unchanged', () => {
    const data = {
      scheduledAt: AT,
      late: true,
      timeZone: ZONE,
      last24: report,
      previousNet: 100,
      week: report,
      budget: 500,
      spentToday: 5,
      sandbox: false,
    };
    const out = inEveryLanguage((t) => summaryMessage(data, t));
    expect(out.en.text).toMatch(/^Daily spend summary \(late\), 24 hours to 2026-11-21 09:00/);
    expect(out.en.text).toContain('change from the day before: +20 points (+20 %)');
    expect(out.en.text).toContain('refunds: 10 points returned (QR code 10)');
    const zh = out['zh-CN'];
    expect(zh.text).toMatch(/^每日积分消耗汇总（延迟发送），截至 2026-11-21 09:00/);
    expect(zh.text).toContain('与前一天相比：+20 积分（+20%）');
    expect(zh.text).toContain('退还：退还 10 积分（二维码 10）');
    expect(text(zh.blocks)).toContain('消耗最多的用户');
    expect(zh.text).not.toMatch(/points|budget|refunds/);

    const titles = inEveryLanguage((t) => ({ text: summaryChartTitle(data, t) }));
    expect(titles.en.text).toBe('Points by operation, last 7 days to 2026-11-21');
    expect(titles['zh-CN'].text).toBe('各操作积分消耗，截至 2026-11-21 的最近 7 天');
  });

  it('Home tab: the viewer’s language, QR states in the fixed words', () => {
    const out = inEveryLanguage((t) =>
      homeView(
        {
          today: report,
          week: report,
          budget: undefined,
          recent: [
            entry({}),
            entry({ kind: 'refund', operation: 'qrCreate', points: 2 }),
            entry({ unconfirmed: true, points: 3 }),
          ],
          liveQr: [{ mediaMark: 'shop-a', state: 2, channelId: 'C9', createdAt: AT }],
          watches: [],
          timeZone: ZONE,
          sandbox: true,
        },
        t,
      ),
    );
    const en = text(out.en);
    expect(en).toContain('*Today: 120 points net (130 charged, 10 refunded, 9 calls)*');
    expect(en).toContain('unlimited (120 points spent today)');
    expect(en).toContain('`shop-a` · scanned · <#C9> · since 2026-11-21 09:00');
    expect(en).toContain('QR code · 2 points refunded');
    expect(en).toContain('charge unknown (3 points held)');
    const zh = text(out['zh-CN']);
    expect(hasChinese(out['zh-CN'])).toBe(true);
    expect(zh).toContain('今天：净消耗 120 积分');
    expect(zh).toContain('`shop-a` · 已扫码 · <#C9> · 自 2026-11-21 09:00 起');
    expect(zh).toContain('二维码 · 退还 2 积分');
    expect(zh).toContain('扣费未知（占用 3 积分）');
    expect(zh).toContain('你没有关注任何支付订单。');
    expect(zh).not.toMatch(/points|calls|scanned/);
  });
});
