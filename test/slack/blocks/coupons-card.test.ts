import { describe, expect, it } from 'vitest';
import {
  COUPONS_NEXT,
  COUPONS_PER_SLACK_PAGE,
  COUPONS_PREV,
  type CouponsView,
  couponsCard,
} from '../../../src/slack/blocks/coupons-card.js';
import { ENGLISH } from '../../../src/slack/blocks/format.js';
import { ACTION } from '../../../src/slack/blocks/ids.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import { withSandboxNote } from '../../../src/slack/blocks/sandbox-note.js';
import { actionIds, longCoupon, mrkdwnText, parsedCoupons, visibleText } from './card-data.js';

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
  it('lists claims with totals, window, merge note and paging', () => {
    const card = couponsCard(viewOf(), { ...opts, shareKey: 's' });

    const text = visibleText(card.blocks);
    expect(checkMessage(card)).toEqual([]);
    expect(text).toContain('Coupons · channel-7');
    expect(text).toContain(
      'Takeout coupons claimed 2024-05-01 00:00:00 – 2024-05-15 00:00:00 · 2 claims in total · merged from 2 gateway calls of up to 7 days · page 1 of 2',
    );
    expect(text).toContain(
      '2024-05-01 12:00:00 · *Lunch 5.5 off* · ¥5.5 (min spend ¥20) · code `C0001` · valid 2024-05-01 00:00:00 – 2024-05-07 23:59:59',
    );
    expect(text).toContain('Breakfast 3 off');
    expect(actionIds(card.blocks)).toEqual([COUPONS_NEXT, ACTION.share]);
    expect(card.text).toBe('Coupons for channel-7: 2 claims, page 1 of 2');
  });

  it('does not mention merging for a single call and renders times in the zone given', () => {
    const text = visibleText(
      couponsCard(viewOf({ windows: 1 }), { timeZone: 'UTC', t: ENGLISH }).blocks,
    );

    expect(text).not.toContain('merged');
    expect(text).toContain('2024-05-01 04:00:00 · *Lunch 5.5 off*');
  });

  it('fits a Slack page cut from 1000 rows of 5000-character fields within every limit', () => {
    const all = Array.from({ length: 1000 }, (_, i) => longCoupon(i));
    const rows = all.slice(COUPONS_PER_SLACK_PAGE * 3, COUPONS_PER_SLACK_PAGE * 4);

    const card = couponsCard(
      viewOf({ rows, total: 1000, humanPage: 4, totalPages: 50, prevValue: 'p', nextValue: 'n' }),
      { ...opts, shareKey: 's' },
    );

    expect(checkMessage(withSandboxNote(card, true, ENGLISH))).toEqual([]);
    expect(actionIds(card.blocks)).toEqual([COUPONS_PREV, COUPONS_NEXT, ACTION.share]);
    expect(visibleText(card.blocks)).toContain(`*${COUPONS_PER_SLACK_PAGE * 3} `);
    expect(mrkdwnText(card)).not.toMatch(/<!channel>|<@U1>/);
  });

  it('still fits when handed all 1000 rows at once, saying how many were left out', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => longCoupon(i));

    const card = couponsCard(viewOf({ rows, total: 1000 }), opts);

    expect(checkMessage(card)).toEqual([]);
    expect(visibleText(card.blocks)).toMatch(/… \d+ more/);
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
    expect(actionIds(card.blocks)).toEqual([]);
  });
});
