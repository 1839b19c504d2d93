import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/translator.js';
import type { SpendReport } from '../../../src/ledger/types.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import { type SummaryData, summaryMessage } from '../../../src/slack/blocks/summary-message.js';

const ZONE = 'Asia/Shanghai';
const EN = translator('en');
const AT = new Date('2026-11-21T01:00:00Z'); // 09:00 in Shanghai

function report(over: Partial<SpendReport>): SpendReport {
  return {
    from: new Date(AT.getTime() - 86_400_000),
    to: AT,
    timeZone: ZONE,
    charged: 0,
    refunded: 0,
    net: 0,
    calls: 0,
    byOperation: [],
    byUser: [],
    byDay: [],
    ...over,
  };
}

const last24 = report({
  charged: 130,
  refunded: 10,
  net: 120,
  calls: 9,
  byOperation: [
    { operation: 'coupons', charged: 80, refunded: 0, net: 80, calls: 4 },
    { operation: 'qrCreate', charged: 50, refunded: 10, net: 40, calls: 5 },
  ],
  byUser: Array.from({ length: 7 }, (_, i) => ({ userId: `U${i}`, net: 70 - i * 10, calls: 1 })),
});
const week = report({
  byDay: [
    { day: '2026-11-15', net: 0 },
    { day: '2026-11-16', net: 60 },
    { day: '2026-11-17', net: 120 },
    { day: '2026-11-18', net: 0 },
    { day: '2026-11-19', net: 30 },
    { day: '2026-11-20', net: 90 },
    { day: '2026-11-21', net: 5 },
  ],
});
const base: SummaryData = {
  scheduledAt: AT,
  late: false,
  timeZone: ZONE,
  last24,
  previousNet: 100,
  week,
  budget: 500,
  spentToday: 5,
  sandbox: false,
};

describe('summaryMessage', () => {
  it('has the spend, change, refunds, top users, trend and budget in its text and blocks', () => {
    const msg = summaryMessage(base, EN);
    const blocks = JSON.stringify(msg.blocks);

    expect(checkMessage(msg)).toEqual([]);
    expect(msg.text).toContain('24 hours to 2026-11-21 09:00 (Asia/Shanghai)');
    expect(msg.text).toContain('120 points net (130 charged, 10 refunded, 9 calls)');
    expect(msg.text).toContain('change from the day before: +20 points (+20 %)');
    expect(msg.text).toContain('refunds: 10 points returned (QR code 10)');
    expect(msg.text).toContain('2026-11-17 120');
    expect(msg.text).toContain("today's budget: 5 points of 500 points used, 495 points left");
    expect(blocks).toContain('Coupons: 80 points (4 calls)');
    expect(blocks).toContain('<@U4>: 30 points');
    expect(blocks).not.toContain('<@U5>');
    expect(blocks).toContain('… 2 more');
    expect(blocks).toContain('2026-11-17  ██████████  120');
    expect(blocks).toContain('2026-11-16  █████░░░░░   60');
  });

  it('marks a late summary and words a drop and a first day', () => {
    const late = summaryMessage({ ...base, late: true, previousNet: 150, sandbox: true }, EN);
    const first = summaryMessage({ ...base, previousNet: 0 }, EN);

    expect(late.text).toMatch(/^Daily spend summary \(late\)/);
    expect(JSON.stringify(late.blocks)).toContain('sent late');
    expect(late.text).toContain('−30 points (−20 %)');
    expect(late.text).toContain('sandbox');
    expect(first.text).toContain('+120 points (nothing the day before)');
  });
});
