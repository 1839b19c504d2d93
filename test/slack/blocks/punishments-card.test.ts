import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../../src/slack/blocks/format.js';
import { ACTION } from '../../../src/slack/blocks/ids.js';
import { checkMessage, LIMITS } from '../../../src/slack/blocks/limits.js';
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
  tableOf,
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
  it('lists rows in a table: status, violation words, ids, times and pid segments', () => {
    const card = punishmentsCard(viewOf(), { ...opts, shareKey: 's' });

    expect(checkMessage(card)).toEqual([]);
    const text = visibleText(card.blocks);
    expect(text).toContain('Punishment orders · 123456');
    expect(text).toContain('Page 1 of 1 · 2 punishment orders in total · 2 on this page');
    const table = tableOf(card.blocks);
    expect(table?.rows[0]).toEqual([
      'Status',
      'Violation',
      'Trade',
      'Created',
      'Settles',
      'Relation',
      'PID (pub/site/adzone)',
    ]);
    expect(table?.rows[1]).toEqual([
      'frozen',
      'fake transaction order',
      '2437818209876543210',
      '2024-04-12 09:15:00',
      '202404',
      '2801234',
      '555666777 / 3123456 / 109876543210',
    ]);
    expect(table?.rows[2]?.slice(0, 3)).toEqual(['unfrozen', '9', '2437818209876543211']);
    expect(text).not.toContain('business error');
    expect(actionIds(card.blocks)).toEqual([ACTION.share]);
    expect(card.text).toBe(
      'Punishment orders for 123456: page 1 of 1, 2 orders on this page, 2 in all',
    );
  });

  it('renders creation times in the zone given', () => {
    const card = punishmentsCard(viewOf(), { timeZone: 'UTC', t: ENGLISH });

    expect(tableOf(card.blocks)?.rows[1]?.[3]).toBe('2024-04-12 01:15:00');
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

  it('shows 99 rows of a 100-row page of 5000-character fields and says how to see the rest', () => {
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
    const rows = tableOf(card.blocks)?.rows ?? [];
    expect(rows).toHaveLength(LIMITS.tableRows);
    expect(rows.slice(1).every((r) => r[3] === '2024-05-01 12:00:00')).toBe(true);
    expect(visibleText(card.blocks)).toContain(
      'This page has 1 more record than a Slack table holds (99): ask for a smaller size= to see them.',
    );
    expect(card.text).toBe(
      'Punishment orders for 123456: page 2 of 10, 100 orders on this page, 1,000 in all (business error 7)',
    );
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
