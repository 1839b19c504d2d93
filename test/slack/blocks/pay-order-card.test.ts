import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../../src/slack/blocks/format.js';
import { ACTION } from '../../../src/slack/blocks/ids.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import { payOrderCard } from '../../../src/slack/blocks/pay-order-card.js';
import { withSandboxNote } from '../../../src/slack/blocks/sandbox-note.js';
import { actionIds, longPayOrder, mrkdwnText, parsedPayOrder, visibleText } from './card-data.js';

const shanghai = { timeZone: 'Asia/Shanghai', refreshValue: 'refresh-key', t: ENGLISH };

describe('payOrderCard', () => {
  it('shows amounts, discount, words and both order numbers of a parsed order', () => {
    const order = parsedPayOrder();

    const card = payOrderCard(order, { ...shanghai, shareKey: 'share-1' });

    const text = visibleText(card.blocks);
    expect(checkMessage(card)).toEqual([]);
    expect(card.text).toBe('Payment order P202405010000001: Paid, ¥12.50, Corner Cafe');
    expect(text).toContain('Latte x2');
    expect(text).toContain('¥12.50');
    expect(text).toContain('¥11.50');
    expect(text).toMatch(/\*Discount\*\n¥1\.00/);
    expect(text).toContain('messaging-app wallet');
    expect(text).toContain('P202405010000001');
    expect(text).toContain('MER-20240501-0001');
    expect(text).toContain('M10001');
    expect(text).toContain('called back');
    expect(text).toContain('table 4');
    expect(text).toContain('2024-05-01 12:00');
    expect(actionIds(card.blocks)).toEqual([ACTION.refreshPayOrder, ACTION.share]);
  });

  it('renders the created time in the zone it is given', () => {
    const order = parsedPayOrder();

    const utc = visibleText(payOrderCard(order, { ...shanghai, timeZone: 'UTC' }).blocks);
    const cst = visibleText(payOrderCard(order, shanghai).blocks);

    expect(utc).toMatch(/\*Created\*\n2024-05-01 04:00/);
    expect(cst).toMatch(/\*Created\*\n2024-05-01 12:00/);
  });

  it('says an unpaid order is not paid yet and shows no discount or empty details', () => {
    const order = {
      ...parsedPayOrder(),
      status: 0,
      paidAt: undefined,
      paidFen: 1250,
      attach: '',
      orderType: 42,
      notified: false,
      title: '',
    };

    const card = payOrderCard(order, shanghai);

    const text = visibleText(card.blocks);
    expect(text).toContain('not paid yet');
    expect(text).toContain('Unpaid');
    expect(text).toContain('Type 42');
    expect(text).toContain('not called back');
    expect(text).toContain('Payment order');
    expect(text).not.toContain('Discount');
    expect(text).not.toContain('Attach');
  });

  it('stays within every limit with 5000-character strings everywhere', () => {
    const card = payOrderCard(longPayOrder(), { ...shanghai, shareKey: 'k' });

    expect(checkMessage(card)).toEqual([]);
    expect(checkMessage(withSandboxNote(card, true, ENGLISH), { update: true })).toEqual([]);
    expect(visibleText(card.blocks)).toContain('¥1000000.01');
    expect(mrkdwnText(card)).not.toMatch(/<!channel>|<@U1>/);
  });

  it('cannot ping anyone with gateway text', () => {
    const order = { ...parsedPayOrder(), merchantName: '<!channel> <@U1>', attach: '<!here>' };

    const card = payOrderCard(order, shanghai);

    const all = mrkdwnText(card);
    expect(all).not.toMatch(/<!channel>|<@U1>|<!here>/);
    expect(all).toContain('&lt;!channel&gt;');
  });

  it('a shared card names the sharer and offers no buttons', () => {
    const card = payOrderCard(parsedPayOrder(), { ...shanghai, shareKey: 'k', sharedBy: 'U123' });

    expect(actionIds(card.blocks)).toEqual([]);
    expect(visibleText(card.blocks)).toContain('Shared by <@U123>');
    expect(checkMessage(card)).toEqual([]);
  });

  it('shows a sharer that is not a user id as inert text', () => {
    const card = payOrderCard(parsedPayOrder(), { ...shanghai, sharedBy: '<!channel>' });

    expect(mrkdwnText(card)).toContain('Shared by &lt;!channel&gt;');
    expect(mrkdwnText(card)).not.toContain('<!channel>');
  });
});
