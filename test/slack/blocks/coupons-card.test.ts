import { describe, expect, it } from 'vitest';
import {
  COUPONS_NEXT,
  COUPONS_PREV,
  type CouponsView,
  couponsCard,
} from '../../../src/slack/blocks/coupons-card.js';
import { ENGLISH } from '../../../src/slack/blocks/format.js';
import { ACTION } from '../../../src/slack/blocks/ids.js';
import { checkMessage, LIMITS } from '../../../src/slack/blocks/limits.js';
import { withSandboxNote } from '../../../src/slack/blocks/sandbox-note.js';
import {
  actionIds,
  longCoupon,
  mrkdwnText,
  parsedCoupons,
  tableOf,
  visibleText,
} from './card-data.js';

const opts = { timeZone: 'Asia/Shanghai', t: ENGLISH };

function viewOf(over: Partial<CouponsView> = {}): CouponsView {
  const page = parsedCoupons();
  return {
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
    ...over,
  };
}

describe('couponsCard', () => {
  it('lists claims in a table under totals, window, merge note and paging', () => {
    const card = couponsCard(viewOf(), { ...opts, shareKey: 's' });

    expect(checkMessage(card)).toEqual([]);
    const text = visibleText(card.blocks);
    expect(text).toContain('Coupons · channel-7');
    expect(text).toContain(
      'Takeout coupons claimed 2024-05-01 00:00:00 – 2024-05-15 00:00:00 · 2 claims in total · merged from 2 gateway calls of up to 7 days · page 1 of 2',
    );
    const table = tableOf(card.blocks);
    expect(table?.rows).toEqual([
      ['Claimed', 'Coupon', 'Value (¥)', 'Min. spend (¥)', 'Code', 'Valid from', 'Valid to'],
      [
        '2024-05-01 12:00:00',
        'Lunch 5.5 off',
        '5.5',
        '20',
        'C0001',
        '2024-05-01 00:00:00',
        '2024-05-07 23:59:59',
      ],
      expect.arrayContaining(['Breakfast 3 off']),
    ]);
    expect(table?.align).toEqual(['left', 'left', 'right', 'right', 'left', 'left', 'left']);
    expect(actionIds(card.blocks)).toEqual([COUPONS_NEXT, ACTION.share]);
    expect(card.text).toBe('Coupons for channel-7: page 1 of 2, 2 claims on this page, 2 in all');
  });

  it('does not mention merging for a single call and renders times in the zone given', () => {
    const card = couponsCard(viewOf({ windows: 1 }), { timeZone: 'UTC', t: ENGLISH });

    expect(visibleText(card.blocks)).not.toContain('merged');
    expect(tableOf(card.blocks)?.rows[1]?.slice(0, 2)).toEqual([
      '2024-05-01 04:00:00',
      'Lunch 5.5 off',
    ]);
  });

  it('shows 99 rows of a 1000-row page of 5000-character fields and names the export', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => longCoupon(i));

    const card = couponsCard(
      viewOf({ rows, total: 3000, humanPage: 2, totalPages: 3, prevValue: 'p', nextValue: 'n' }),
      { ...opts, shareKey: 's' },
    );

    expect(checkMessage(withSandboxNote(card, true, ENGLISH))).toEqual([]);
    const table = tableOf(card.blocks);
    expect(table?.rows).toHaveLength(LIMITS.tableRows);
    expect(table?.rows[99]?.[1]).toMatch(/^98 /);
    expect(visibleText(card.blocks)).toContain(
      'This page has 901 more records than a Slack table holds (99): `/coupons export` gives all of them.',
    );
    expect(actionIds(card.blocks)).toEqual([COUPONS_PREV, COUPONS_NEXT, ACTION.share]);
    expect(card.text).toBe(
      'Coupons for channel-7: page 2 of 3, 1,000 claims on this page, 3,000 in all',
    );
    expect(mrkdwnText(card)).not.toMatch(/<!channel>|<@U1>/);
  });

  it('counts the page by onPage when it was handed only the rows it shows', () => {
    const rows = Array.from({ length: 99 }, (_, i) => longCoupon(i));

    const card = couponsCard(viewOf({ rows, onPage: 1000, total: 1000 }), opts);

    expect(tableOf(card.blocks)?.rows).toHaveLength(100);
    expect(visibleText(card.blocks)).toContain('This page has 901 more records');
    expect(card.text).toContain('1,000 claims on this page');
  });

  it('a shared card says who shared it and has no paging or share buttons', () => {
    const card = couponsCard(viewOf({ prevValue: 'p' }), {
      ...opts,
      shareKey: 's',
      sharedBy: 'U024BE7LH',
    });

    expect(actionIds(card.blocks)).toEqual([]);
    expect(visibleText(card.blocks)).toContain('Shared by <@U024BE7LH>');
  });

  it('says so when nothing was claimed', () => {
    const card = couponsCard(
      viewOf({ rows: [], total: 0, totalPages: 1, nextValue: undefined }),
      opts,
    );

    expect(visibleText(card.blocks)).toContain('No coupons were claimed in this window.');
    expect(tableOf(card.blocks)).toBeUndefined();
    expect(actionIds(card.blocks)).toEqual([]);
  });
});
