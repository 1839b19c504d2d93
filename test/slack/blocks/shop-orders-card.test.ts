import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../../src/slack/blocks/format.js';
import { ACTION } from '../../../src/slack/blocks/ids.js';
import { checkMessage, LIMITS } from '../../../src/slack/blocks/limits.js';
import { withSandboxNote } from '../../../src/slack/blocks/sandbox-note.js';
import {
  SHOP_ORDERS_NEXT,
  SHOP_ORDERS_PREV,
  type ShopOrdersView,
  shopOrderPages,
  shopOrdersCard,
} from '../../../src/slack/blocks/shop-orders-card.js';
import {
  actionIds,
  longShopOrder,
  mrkdwnText,
  parsedShopPage,
  tableOf,
  visibleText,
} from './card-data.js';

const opts = { timeZone: 'Asia/Shanghai', t: ENGLISH };

function viewOf(over: Partial<ShopOrdersView> = {}): ShopOrdersView {
  const page = parsedShopPage();
  return {
    ownerId: 'owner-9',
    edition: 'enhanced',
    filters: { from: '2024-05-01', remark: 'gift' },
    orders: page.orders,
    humanPage: 2,
    totalPages: 3,
    totalOrders: 250,
    prevValue: 'p1',
    nextValue: 'p3',
    filterValue: 'f',
    ...over,
  };
}

const HEADER = [
  'Order no.',
  'Status',
  'Goods',
  'Qty',
  'Paid (¥)',
  'Ship by',
  'Receiver',
  'Remark · tag',
];

describe('shopOrdersCard', () => {
  it('draws the page as one table: a header row, one row per order, amounts right-aligned', () => {
    const view = viewOf();

    const card = shopOrdersCard(view, { ...opts, shareKey: 's' });

    expect(checkMessage(card)).toEqual([]);
    const table = tableOf(card.blocks);
    expect(table?.rows[0]).toEqual(HEADER);
    expect(table?.rows).toHaveLength(view.orders.length + 1);
    expect(table?.align).toEqual([
      'left',
      'left',
      'left',
      'right',
      'right',
      'left',
      'left',
      'left',
    ]);
    const first = table?.rows[1] ?? [];
    expect(first[0]).toBe('240501-123456789012345');
    expect(first[2]).toBe('Green tea 250g — 250g tin');
    expect(first[3]).toBe('2');
    expect(first[4]).toBe('12.50');
    // 1714723200000 ms is 2024-05-03 16:00 in Shanghai.
    expect(first[5]).toBe('2024-05-03 16:00:00');
    expect(first[6]).toContain('Z**');
    expect(first[6]).toContain('138****0000');
    expect(first[7]).toBe('gift wrap · red (1)');
    expect(table?.rows.flat()).toContain('99.99');
    expect(table?.rows.some((r) => r[1]?.includes('Presale'))).toBe(true);
    expect(visibleText(card.blocks)).toContain(
      'Page 2 of 3 · 250 orders · enhanced edition · from: 2024-05-01 · remark: gift',
    );
    expect(actionIds(card.blocks)).toEqual([
      SHOP_ORDERS_PREV,
      SHOP_ORDERS_NEXT,
      ACTION.shopOrdersFilter,
      ACTION.share,
    ]);
    expect(card.text).toBe(
      `Shop orders for owner-9: page 2 of 3, ${view.orders.length} orders on this page, 250 in all`,
    );
  });

  it('renders ship-by times in the zone it is given', () => {
    const card = shopOrdersCard(viewOf(), { timeZone: 'UTC', t: ENGLISH });

    expect(tableOf(card.blocks)?.rows[1]?.[5]).toBe('2024-05-03 08:00:00');
  });

  it('leaves out the buttons that have no value (first page: no Previous)', () => {
    const card = shopOrdersCard(viewOf({ prevValue: undefined, filterValue: undefined }), opts);

    expect(actionIds(card.blocks)).toEqual([SHOP_ORDERS_NEXT]);
  });

  it('a shared card says who shared it and has no buttons at all', () => {
    const card = shopOrdersCard(viewOf(), { ...opts, shareKey: 's', sharedBy: 'U0ABC' });

    expect(actionIds(card.blocks)).toEqual([]);
    expect(visibleText(card.blocks)).toContain('Shared by <@U0ABC>');
    expect(tableOf(card.blocks)?.rows[0]).toEqual(HEADER);
  });

  it('says so when a page is empty, with no table', () => {
    const card = shopOrdersCard(viewOf({ orders: [], totalOrders: 0, totalPages: 1 }), opts);

    expect(visibleText(card.blocks)).toContain('No orders on this page.');
    expect(tableOf(card.blocks)).toBeUndefined();
    expect(checkMessage(card)).toEqual([]);
  });

  it('shows 99 of a 100-order page of 5000-character fields and says how to get the rest', () => {
    const orders = Array.from({ length: 100 }, (_, i) => longShopOrder(i));
    const view = viewOf({ orders, filters: { remark: 'x'.repeat(5000) }, totalOrders: 100 });

    const card = shopOrdersCard(view, { ...opts, shareKey: 'k' });

    expect(checkMessage(withSandboxNote(card, true, ENGLISH))).toEqual([]);
    const rows = tableOf(card.blocks)?.rows ?? [];
    expect(rows).toHaveLength(LIMITS.tableRows);
    expect(rows[99]?.[0]).toMatch(/^98-/);
    expect(rows.flat().every((c) => c.length > 0 && c.length <= LIMITS.tableCellText)).toBe(true);
    expect(visibleText(card.blocks)).toContain(
      'This page has 1 more record than a Slack table holds (99): `/shoporders export` gives all of them.',
    );
    expect(card.text).toBe(
      'Shop orders for owner-9: page 2 of 3, 100 orders on this page, 100 in all',
    );
    expect(mrkdwnText(card)).not.toMatch(/<!channel>|<@U1>/);
  });
});

describe('shopOrderPages', () => {
  it('counts pages of the asked size, at least one', () => {
    expect(shopOrderPages(250, 100)).toBe(3);
    expect(shopOrderPages(200, 100)).toBe(2);
    expect(shopOrderPages(0, 100)).toBe(1);
    expect(shopOrderPages(7, 0)).toBe(1);
  });
});
