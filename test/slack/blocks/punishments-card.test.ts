import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../../src/slack/blocks/format.js';
import { ACTION } from '../../../src/slack/blocks/ids.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import {
  PUNISHMENTS_NEXT,
  PUNISHMENTS_PREV,
  type PunishmentsView,
  punishmentsCard,
} from '../../../src/slack/blocks/punishments-card.js';
import { withSandboxNote } from '../../../src/slack/blocks/sandbox-note.js';
import {
  actionIds,
  longPunishment,
  mrkdwnText,
  parsedPunishments,
  visibleText,
} from './card-data.js';

const opts = { timeZone: 'Asia/Shanghai', t: ENGLISH };

function viewOf(over: Partial<PunishmentsView> = {}): PunishmentsView {
  return {
    platformUserId: '123456',
    page: parsedPunishments(),
    humanPage: 1,
    totalPages: 1,
    ...over,
  };
}

describe('punishmentsCard', () => {
  it('lists rows with status, violation words, ids, times and pid segments', () => {
    const card = punishmentsCard(viewOf(), { ...opts, shareKey: 's' });

    const text = visibleText(card.blocks);
    expect(checkMessage(card)).toEqual([]);
    expect(text).toContain('Punishment orders · 123456');
    expect(text).toContain('Page 1 of 1 · 2 punishment orders in total · 2 on this page');
    expect(text).toContain(
      ':ice_cube: *frozen* · fake transaction order · trade `2437818209876543210` · created 2024-04-12 09:15:00 · settles 202404 · relation `2801234` · pid (pub/site/adzone) `555666777 / 3123456 / 109876543210`',
    );
    expect(text).toContain('*unfrozen* · 9 · trade `2437818209876543211`');
    expect(text).not.toContain('business error');
    expect(actionIds(card.blocks)).toEqual([ACTION.share]);
    expect(card.text).toBe('Punishment orders for 123456: 2 orders, page 1 of 1');
  });

  it('renders creation times in the zone given', () => {
    const text = visibleText(punishmentsCard(viewOf(), { timeZone: 'UTC', t: ENGLISH }).blocks);

    expect(text).toContain('created 2024-04-12 01:15:00');
  });

  it('shows the business error the gateway reported', () => {
    const page = {
      ...parsedPunishments(),
      rows: [],
      bizErrorCode: 15,
      bizErrorDesc: 'user not authorized <@U1>',
    };

    const card = punishmentsCard(viewOf({ page }), opts);

    const text = visibleText(card.blocks);
    expect(text).toContain(
      'The gateway reported business error 15*: user not authorized &lt;@U1&gt;',
    );
    expect(text).toContain('No punishment orders on this page.');
    expect(card.text).toContain('(business error 15)');
  });

  it('fits a page of 100 rows of 5000-character fields within every limit', () => {
    const base = parsedPunishments();
    const page = {
      ...base,
      rows: Array.from({ length: 100 }, (_, i) => longPunishment(i)),
      page: { pageNo: 2, pageSize: 100, totalCount: 1000 },
      bizErrorCode: 7,
      bizErrorDesc: 'x'.repeat(5000),
    };

    const card = punishmentsCard(
      viewOf({ page, humanPage: 2, totalPages: 10, prevValue: 'p', nextValue: 'n' }),
      { ...opts, shareKey: 's' },
    );

    expect(checkMessage(withSandboxNote(card, true, ENGLISH))).toEqual([]);
    expect(actionIds(card.blocks)).toEqual([PUNISHMENTS_PREV, PUNISHMENTS_NEXT, ACTION.share]);
    expect(mrkdwnText(card)).not.toMatch(/<!channel>|<@U1>/);
    const rows = visibleText(card.blocks).match(/created 2024-05-01 12:00/g) ?? [];
    expect(rows).toHaveLength(100);
  });

  it('a shared card says who shared it and has no buttons', () => {
    const card = punishmentsCard(viewOf({ nextValue: 'n' }), {
      ...opts,
      shareKey: 's',
      sharedBy: 'W012A3CDE',
    });

    expect(actionIds(card.blocks)).toEqual([]);
    expect(visibleText(card.blocks)).toContain('Shared by <@W012A3CDE>');
  });
});
