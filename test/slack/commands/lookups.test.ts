import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { checkMessage, checkView } from '../../../src/slack/blocks/limits.js';
import { commandParser } from '../../../src/slack/commands/arg-rules.js';
import { coupons } from '../../../src/slack/commands/coupons.js';
import { splitWindows } from '../../../src/slack/lookup/coupons-pages.js';
import type { DoubleMessage } from '../../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';

const X = SANDBOX_EXAMPLES;
let h: BotHarness;
beforeAll(async () => {
  h = await startBot();
});
afterAll(async () => {
  await h?.stop();
});

const calls = (op: string) => h.bot.sandbox!.requests().filter((r) => r.op === op).length;
const ephemerals = () => h.double.messages().filter((m) => m.ephemeral);

/** Sends a command and waits for the next ephemeral answer. */
async function ask(command: string, text: string, user = 'U0ASKER'): Promise<DoubleMessage> {
  const before = ephemerals().length;
  const ack = await h.double.sendCommand(h.events, { command, text, user });
  expect(ack.status).toBe(200);
  return h.double.waitFor(() => ephemerals()[before], 8000);
}

const json = (m: { blocks: unknown[] }) => JSON.stringify(m.blocks);
const withinLimits = (m: DoubleMessage) =>
  expect(checkMessage({ text: m.text, blocks: m.blocks })).toEqual([]);

describe('/shoporders', () => {
  it('shows one gateway page per page, pages in place, and never buys a page twice', async () => {
    const card = await ask('/shoporders', `${X.shopOrders.ownerId} size=100`);
    withinLimits(card);
    expect(card.text).toMatch(/page 1 of 3/i);
    const bought = calls('shopOrders');
    const click = async (actionId: string, page: RegExp) => {
      await h.double.sendAction(h.events, {
        actionId,
        channel: card.channel,
        messageTs: card.ts,
        user: 'U0ASKER',
      });
      return h.double.waitFor(() => {
        const m = h.double.messages().find((x) => x.ts === card.ts);
        return m && page.test(m.text) ? m : undefined;
      }, 8000);
    };

    const next = await click('qd_shoporders_page_next', /page 2 of 3/i);
    const back = await click('qd_shoporders_page_prev', /page 1 of 3/i);

    withinLimits(next);
    withinLimits(back);
    // Same message replaced; page 2 bought once, page 1 served again from the cache.
    expect(ephemerals().filter((m) => m.ts === card.ts)).toHaveLength(1);
    expect(calls('shopOrders')).toBe(bought + 1);
  });

  it('maps human page numbers to the gateway page below them', async () => {
    const before = h.bot.sandbox!.requests().length;
    const card = await ask('/shoporders', `${X.shopOrders.ownerId} page=2 size=50`);
    expect(card.text).toMatch(/page 2 of 5/i);
    expect(
      h.bot
        .sandbox!.requests()
        .slice(before)
        .filter((r) => r.op === 'shopOrders'),
    ).toHaveLength(1);
  });

  it('refuses a page size over 100 without calling the gateway', async () => {
    const before = calls('shopOrders');
    // Acked empty, then refused through the response_url.
    const refusal = await ask('/shoporders', `${X.shopOrders.ownerId} size=101`);
    expect(refusal.text).toMatch(/page size must be/);
    expect(calls('shopOrders')).toBe(before);
  });

  it('shows an Authorize button for an unauthorized shop (302)', async () => {
    const card = await ask('/shoporders', X.shopOrders.unauthorizedOwnerId);
    expect(card.text).toMatch(/not authorized/i);
    expect(json(card)).toMatch(/"action_id":"qd_authorize".*"url":"https:\/\//);
  });
});

describe('/coupons', () => {
  it('splits a window over 7 days into 7-day calls and says so', async () => {
    const before = calls('coupons');
    const card = await ask('/coupons', `${X.coupons.sid} from=2026-10-20 to=2026-11-15`);
    withinLimits(card);
    expect(json(card)).toMatch(/merged from 4 gateway calls/);
    expect(calls('coupons') - before).toBe(4);
  });

  it('refuses a window longer than 35 days before any call', async () => {
    const before = calls('coupons');
    // Acked empty, then refused through the response_url.
    const refusal = await ask('/coupons', `${X.coupons.sid} from=2026-01-01 to=2026-03-01`);
    expect(refusal.text).toMatch(/at most 35 days/);
    expect(calls('coupons')).toBe(before);
  });
});

describe('/punishments and /account', () => {
  it('lists punishment orders with frozen/unfrozen words', async () => {
    const card = await ask('/punishments', `${X.punishments.platformUserId} size=50`);
    withinLimits(card);
    expect(json(card)).toMatch(/frozen|unfrozen/);
  });

  it('refuses span over 30', async () => {
    // Acked empty, then refused through the response_url.
    const refusal = await ask('/punishments', `${X.punishments.platformUserId} span=31`);
    expect(refusal.text).toMatch(/span/);
  });

  it('shows account analytics by media mark', async () => {
    const card = await ask('/account', X.account.mediaMark);
    withinLimits(card);
    expect(card.text.length).toBeGreaterThan(10);
  });

  it('refuses /account with only unknown options', async () => {
    // Acked empty, then refused through the response_url.
    const refusal = await ask('/account', 'color=red');
    expect(refusal.text).toMatch(/unknown option "color"/);
  });
});

describe('modals', () => {
  it('a command with no arguments opens its modal; a bad value comes back as an inline error; a good one posts the card', async () => {
    const viewsBefore = h.double.views().length;
    await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: '',
      user: 'U0MODAL',
      channel: 'C0MODAL',
    });
    const opened = await h.double.waitFor(() => h.double.views()[viewsBefore], 5000);
    expect(opened.view.callback_id).toBe('qd_payorder_modal');
    expect(checkView(opened.view)).toEqual([]);

    const bad = await h.double.sendViewSubmission(h.events, {
      viewId: opened.id,
      user: 'U0MODAL',
      values: {
        order_number: { order_number: X.payOrder.paid.orderNumber },
        merchant_num: { merchant_num: '   ' },
      },
    });
    const errors = (bad.json as { response_action: string; errors: Record<string, string> }).errors;
    // A blank field is left out by the form: the error says "required", under that input.
    expect(errors.merchant_num).toBe('this field is required');

    const before = ephemerals().length;
    const good = await h.double.sendViewSubmission(h.events, {
      viewId: opened.id,
      user: 'U0MODAL',
      values: {
        order_number: { order_number: X.payOrder.paid.orderNumber },
        merchant_num: { merchant_num: X.payOrder.merchantNum },
      },
    });
    expect(good.status).toBe(200);
    const card = await h.double.waitFor(() => ephemerals()[before], 5000);
    expect(card.channel).toBe('C0MODAL');
    expect(card.visibleTo).toBe('U0MODAL');
    expect(card.text).toMatch(/Paid/);
  });
});

describe('/querydesk', () => {
  it('help lists every command of the contract', async () => {
    // Acked first, then answered in the asker's language.
    const help = await ask('/querydesk', 'help');
    const text = `${help.text}${json(help)}`;
    for (const c of [
      '/payorder',
      '/shoporders',
      '/qr',
      '/account',
      '/coupons',
      '/punishments',
      '/spend',
      '/querydesk',
    ]) {
      expect(text).toContain(c);
    }
  });

  it('status says the sandbox is reachable and shows queues', async () => {
    const card = await ask('/querydesk', 'status');
    expect(card.text).toMatch(/embedded sandbox\) reachable/);
    expect(json(card)).toMatch(/shopOrders/);
  });
});

describe('/coupons windows', () => {
  it('reads to=DAY up to its last second, never into the next day, and splits without overlap', () => {
    const args = commandParser(coupons, 'Asia/Shanghai').parse('s1 from=2024-03-01 to=2024-03-10');
    expect(args.start?.toISOString()).toBe('2024-02-29T16:00:00.000Z');
    expect(args.end?.toISOString()).toBe('2024-03-10T15:59:59.000Z');
    const windows = splitWindows(args.start!, args.end!);
    expect(windows.map((w) => [w.start.toISOString(), w.end.toISOString()])).toEqual([
      ['2024-02-29T16:00:00.000Z', '2024-03-07T15:59:59.000Z'],
      ['2024-03-07T16:00:00.000Z', '2024-03-10T15:59:59.000Z'],
    ]);
  });

  it('refuses a window that starts in the future', async () => {
    const card = await ask('/coupons', `${X.coupons.sid} from=2099-01-01`);
    expect(card.text).toMatch(/starts in the future/);
  });
});

describe('notices', () => {
  it('a paging click on an expired list says so, and still says "sandbox"', async () => {
    const card = await ask('/shoporders', `${X.shopOrders.ownerId} size=20`);
    const before = ephemerals().length;
    await h.double.sendAction(h.events, {
      actionId: 'qd_shoporders_page_next',
      channel: card.channel,
      messageTs: card.ts,
      user: 'U0ASKER',
      value: JSON.stringify({ q: 'gone', p: 2 }),
    });
    const notice = await h.double.waitFor(() => ephemerals()[before], 5000);
    expect(notice.text).toMatch(/too old to page/);
    expect(notice.text).toMatch(/sandbox/);
  });
});
