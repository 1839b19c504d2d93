import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../../src/slack/blocks/format.js';
import { ACTION } from '../../../src/slack/blocks/ids.js';
import { checkMessage, LIMITS } from '../../../src/slack/blocks/limits.js';
import { withSandboxNote } from '../../../src/slack/blocks/sandbox-note.js';
import {
  locateSlackPage,
  SHOP_ORDERS_NEXT,
  SHOP_ORDERS_PER_SLACK_PAGE,
  SHOP_ORDERS_PREV,
  type ShopOrdersView,
  shopOrdersCard,
  slackPagesOf,
  totalSlackPages,
} from '../../../src/slack/blocks/shop-orders-card.js';
import { actionIds, longShopOrder, mrkdwnText, parsedShopPage, visibleText } from './card-data.js';

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

describe('shopOrdersCard', () => {
  it('shows each order compactly with paging, filter and share buttons', () => {
    const card = shopOrdersCard(viewOf(), { ...opts, shareKey: 's' });

    const text = visibleText(card.blocks);
    expect(checkMessage(card)).toEqual([]);
    expect(text).toContain('Shop orders · owner-9');
    expect(text).toContain(
      'Page 2 of 3 · 250 orders · enhanced edition · from: 2024-05-01 · remark: gift',
    );
    expect(text).toContain('240501-123456789012345');
    expect(text).toContain('Green tea 250g — 250g tin × 2');
    expect(text).toContain('¥12.50');
    expect(text).toContain('¥99.99');
    expect(text).toContain('Presale');
    expect(text).toContain('Z**');
    expect(text).toContain('138****0000');
    expect(text).toContain('Remark: gift wrap · Tag: red (1)');
    // 1714723200000 ms is 2024-05-03 16:00 in Shanghai.
    expect(text).toContain('ship by 2024-05-03 16:00');
    expect(actionIds(card.blocks)).toEqual([
      SHOP_ORDERS_PREV,
      SHOP_ORDERS_NEXT,
      ACTION.shopOrdersFilter,
      ACTION.share,
    ]);
    expect(card.text).toBe('Shop orders for owner-9: page 2 of 3, 250 orders');
  });

  it('renders ship-by times in the zone it is given', () => {
    const text = visibleText(shopOrdersCard(viewOf(), { timeZone: 'UTC', t: ENGLISH }).blocks);

    expect(text).toContain('ship by 2024-05-03 08:00');
  });

  it('leaves out the buttons that have no value (first page: no Previous)', () => {
    const card = shopOrdersCard(viewOf({ prevValue: undefined, filterValue: undefined }), opts);

    expect(actionIds(card.blocks)).toEqual([SHOP_ORDERS_NEXT]);
  });

  it('a shared card says who shared it and has no buttons at all', () => {
    const card = shopOrdersCard(viewOf(), { ...opts, shareKey: 's', sharedBy: 'U0ABC' });

    expect(actionIds(card.blocks)).toEqual([]);
    expect(visibleText(card.blocks)).toContain('Shared by <@U0ABC>');
  });

  it('says so when a page is empty', () => {
    const card = shopOrdersCard(viewOf({ orders: [], totalOrders: 0, totalPages: 1 }), opts);

    expect(visibleText(card.blocks)).toContain('No orders on this page.');
    expect(checkMessage(card)).toEqual([]);
  });

  it('fits 100 orders of 5000-character fields into Slack pages within every limit', () => {
    const gatewayPage = Array.from({ length: 100 }, (_, i) => longShopOrder(i));
    const pages = slackPagesOf(100, SHOP_ORDERS_PER_SLACK_PAGE);

    const cards = Array.from({ length: pages }, (_, i) => {
      const spot = locateSlackPage(i + 1, 100, SHOP_ORDERS_PER_SLACK_PAGE);
      const view = viewOf({
        orders: gatewayPage.slice(spot.start, spot.end),
        humanPage: i + 1,
        totalPages: pages,
        filters: { remark: 'x'.repeat(5000) },
      });
      return shopOrdersCard(view, { ...opts, shareKey: 'k' });
    });

    expect(cards).toHaveLength(Math.ceil(100 / SHOP_ORDERS_PER_SLACK_PAGE));
    for (const card of cards) {
      expect(checkMessage(withSandboxNote(card, true, ENGLISH))).toEqual([]);
      expect(card.blocks.length).toBeLessThan(LIMITS.messageBlocks);
      expect(mrkdwnText(card)).not.toMatch(/<!channel>|<@U1>/);
    }
    const shown = cards.flatMap((c) => visibleText(c.blocks).match(/\*Order\* `\d+-/g) ?? []);
    expect(shown).toHaveLength(100);
  });

  it('never exceeds 50 blocks even when handed a whole gateway page', () => {
    const orders = Array.from({ length: 100 }, (_, i) => longShopOrder(i));

    const card = shopOrdersCard(viewOf({ orders }), opts);

    expect(checkMessage(card)).toEqual([]);
    expect(visibleText(card.blocks)).toContain(
      `${100 - SHOP_ORDERS_PER_SLACK_PAGE} more on this page not shown`,
    );
  });
});

describe('Slack paging over gateway pages', () => {
  it('splits a gateway page into Slack pages and finds each one', () => {
    expect(slackPagesOf(100, 10)).toBe(10);
    expect(slackPagesOf(25, 10)).toBe(3);
    expect(slackPagesOf(0, 10)).toBe(1);
    expect(locateSlackPage(1, 100, 10)).toEqual({ gatewayPage: 0, start: 0, end: 10 });
    expect(locateSlackPage(12, 100, 10)).toEqual({ gatewayPage: 1, start: 10, end: 20 });
    expect(locateSlackPage(3, 25, 10)).toEqual({ gatewayPage: 0, start: 20, end: 25 });
    expect(totalSlackPages(250, 100, 10)).toBe(25);
    expect(totalSlackPages(250, 25, 10)).toBe(30);
    expect(totalSlackPages(0, 100, 10)).toBe(1);
  });
});
