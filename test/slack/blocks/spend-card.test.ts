import { afterEach, describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/translator.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import { spendCard } from '../../../src/slack/blocks/spend-card.js';
import { spendPeriod } from '../../../src/slack/spend/period.js';
import { freshStore, type TestDatabase } from '../../fakes/databases.js';
import { charge, ledgerOn, manualClock, refund } from '../../fakes/ledger.js';

const ZONE = 'Asia/Shanghai';
const NOW = '2026-11-21T04:00:00Z'; // 12:00 in Shanghai

const allText = (msg: { text: string; blocks: unknown[] }) =>
  `${msg.text}\n${JSON.stringify(msg.blocks)}`;
const barLine = (msg: { blocks: unknown[] }, day: string) =>
  JSON.stringify(msg.blocks)
    .split('\\n')
    .find((l) => l.includes(day));

describe('spendCard', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function ledgerAt(iso: string) {
    const fresh = await freshStore('sqlite');
    database = fresh.database;
    const time = manualClock(iso);
    return { time, ledger: ledgerOn(fresh.store, time.clock) };
  }

  it('shows the net total, operations in words, users, and the budget used and left', async () => {
    const { ledger, time } = await ledgerAt('2026-11-21T01:00:00Z');
    await ledger.record(charge(40, 'qrCreate', { userId: 'U1' }));
    await ledger.record(charge(25, 'accountData', { userId: 'U2' }));
    await ledger.record(charge(0, 'payOrder', { userId: 'U2' }));
    await ledger.record(refund(40, 'qr-1', { operation: 'qrCreate', userId: 'U1' }));
    await ledger.record(charge(15, 'coupons', { userId: 'U1' }));
    time.set(NOW);
    const period = spendPeriod('today', time.clock(), ZONE);
    const report = await ledger.spend({ workspaceId: 'T1', ...period, timeZone: ZONE });

    const card = spendCard(report, {
      label: period.label,
      budget: 100,
      spentToday: 40,
      timeZone: ZONE,
      t: translator('en'),
    });
    const text = allText(card);

    expect(checkMessage(card)).toEqual([]);
    expect(card.text).toContain('40 points net (80 charged, 40 refunded, 4 calls)');
    expect(text).toContain('Account analytics: 25 points (1 call)');
    expect(text).toContain('QR code: 0 points (1 call, 40 refunded)');
    expect(text).toContain('Payment order: 0 points (1 call)');
    expect(text).toContain('<@U2>: 25 points (2 calls)');
    expect(text).toContain('<@U1>: 15 points (2 calls)');
    expect(text).toContain('40 points of 100 points used, 60 points left');
  });

  it('lists the top 10 users and counts the rest', async () => {
    const { ledger } = await ledgerAt('2026-11-21T01:00:00Z');
    for (let i = 1; i <= 12; i++) {
      await ledger.record(charge(i, 'coupons', { userId: `U${String(i).padStart(2, '0')}` }));
    }
    const report = await ledger.spend({
      workspaceId: 'T1',
      ...spendPeriod('today', new Date(NOW), ZONE),
      timeZone: ZONE,
    });

    const card = spendCard(report, {
      label: 'today',
      spentToday: report.net,
      timeZone: ZONE,
      t: translator('en'),
    });
    const text = allText(card);

    expect(checkMessage(card)).toEqual([]);
    expect(text).toContain('<@U12>: 12 points');
    expect(text).toContain('<@U03>: 3 points');
    expect(text).not.toContain('<@U02>');
    expect(text).toContain('… 2 more');
    expect(text).toContain('unlimited (78 points spent today)');
  });

  it('puts spend on the right Shanghai day either side of local midnight', async () => {
    const { ledger, time } = await ledgerAt('2026-11-19T15:30:00Z'); // 19 Nov 23:30 local
    await ledger.record(charge(30, 'coupons'));
    time.set('2026-11-19T16:30:00Z'); // 20 Nov 00:30 local
    await ledger.record(charge(120, 'coupons'));
    await ledger.record(charge(12, 'shopOrders'));
    time.set(NOW);
    const period = spendPeriod('7d', time.clock(), ZONE);
    const report = await ledger.spend({ workspaceId: 'T1', ...period, timeZone: ZONE });

    const card = spendCard(report, {
      label: period.label,
      spentToday: 0,
      timeZone: ZONE,
      sandbox: true,
      t: translator('en'),
    });

    expect(checkMessage(card)).toEqual([]);
    expect(barLine(card, '2026-11-15')).toMatch(/2026-11-15 {2}░{10} {2}\s*0/);
    expect(barLine(card, '2026-11-19')).toMatch(/2026-11-19 {2}██░{8} {2}\s*30/);
    expect(barLine(card, '2026-11-20')).toMatch(/2026-11-20 {2}█{10} {2}132/);
    expect(barLine(card, '2026-11-21')).toMatch(/2026-11-21 {2}░{10}/);
    expect(card.text).toContain('sandbox');
  });
});
