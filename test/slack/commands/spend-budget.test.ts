import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { checkView } from '../../../src/slack/blocks/limits.js';
import type { DoubleMessage } from '../../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';

const X = SANDBOX_EXAMPLES;
let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function ask(
  b: BotHarness,
  command: string,
  text: string,
  user = 'U0ASKER',
): Promise<DoubleMessage> {
  const eph = () => b.double.messages().filter((m) => m.ephemeral);
  const before = eph().length;
  const ack = await b.double.sendCommand(b.events, { command, text, user });
  if (ack.json && (ack.json as { text?: string }).text)
    return { ...(ack.json as DoubleMessage), ephemeral: true };
  return b.double.waitFor(() => eph()[before], 8000);
}

describe('budget', () => {
  it('refuses a paid call once the day is spent, names budget, spend and reset; the free operation still works', async () => {
    h = await startBot({ DAILY_BUDGET_POINTS: '10', SPEND_SUMMARY_TZ: 'Asia/Shanghai' });
    // Shop orders cost 5 points each in the sandbox: two calls reach the budget.
    await ask(h, '/shoporders', `${X.shopOrders.ownerId} size=10`);
    await ask(h, '/shoporders', `${X.shopOrders.ownerId} size=10 page=2`);
    const before = h.bot.sandbox!.requests().filter((r) => r.op === 'shopOrders').length;

    const refused = await ask(h, '/shoporders', `${X.shopOrders.ownerId} size=10 page=3`);
    expect(refused.text).toMatch(/Daily budget reached/);
    expect(refused.text).toMatch(/spent 10 of its 10 points/);
    expect(refused.text).toMatch(/until \d{4}-\d{2}-\d{2} 00:00:00 \(Asia\/Shanghai\)/);
    expect(h.bot.sandbox!.requests().filter((r) => r.op === 'shopOrders')).toHaveLength(before);

    const free = await ask(
      h,
      '/payorder',
      `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`,
    );
    expect(free.text).toMatch(/Paid/);
  });
});

describe('budget warning', () => {
  it('posts one warning to the summary channel when a day crosses 80 % of the budget', async () => {
    h = await startBot({ DAILY_BUDGET_POINTS: '12', SPEND_SUMMARY_CHANNEL: 'C0WARN' });
    // 5 points each: 10 of 12 (83 %) after the second call; the third is refused, no new warning.
    await ask(h, '/shoporders', `${X.shopOrders.ownerId} size=10`);
    expect(h.double.messages('C0WARN')).toHaveLength(0);
    await ask(h, '/shoporders', `${X.shopOrders.ownerId} size=10 page=2`);
    const warning = await h.double.waitFor(() => h!.double.messages('C0WARN')[0], 5000);
    expect(warning.text).toMatch(/80/);
    expect(warning.text).toMatch(/10/);
    await ask(h, '/shoporders', `${X.shopOrders.ownerId} size=10 page=3`);
    await ask(h, '/account', X.account.mediaMark);
    expect(h.double.messages('C0WARN')).toHaveLength(1);
  });
});

describe('/spend', () => {
  it('shows exactly what the sandbox charged, net, by operation', async () => {
    const bot = await startBot();
    h = bot;
    await ask(h, '/shoporders', `${X.shopOrders.ownerId} size=10`);
    await ask(h, '/account', X.account.mediaMark);
    await ask(h, '/payorder', `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`);
    const charged = h.bot.sandbox!.ledger().charged;
    expect(charged).toBeGreaterThan(0);

    const before = bot.double.messages().filter((m) => m.ephemeral).length;
    // Acked at once (nothing read before the ack); the card follows through the response_url.
    const ack = await bot.double.sendCommand(bot.events, { command: '/spend', text: 'today' });
    expect(ack.status).toBe(200);
    const card = await bot.double.waitFor(
      () => bot.double.messages().filter((m) => m.ephemeral)[before],
      5000,
    );
    expect(card.text).toContain(`${charged} points`);
    expect(JSON.stringify(card.blocks)).toMatch(/Shop orders/);
  });

  it('acks first, with nothing read yet; the card follows privately', async () => {
    h = await startBot();
    const answers = () => h!.double.messages().filter((m) => m.ephemeral);
    const ack = await h.double.sendCommand(h.events, { command: '/spend', text: '7d' });
    expect(ack.status).toBe(200);
    expect(ack.body).toBe('');
    const card = await h.double.waitFor(() => answers()[0], 5000);
    expect(card.text).toMatch(/last 7 days/);
  });

  it('refuses an unknown period with the usage', async () => {
    h = await startBot();
    const refusal = await ask(h, '/spend', 'yesterday');
    expect(refusal.text).toMatch(/Usage: \/spend \[today\|7d\|30d\]/);
  });
});

describe('App Home and settings', () => {
  it('publishes the Home tab with spend and recent queries', async () => {
    h = await startBot();
    await ask(h, '/account', X.account.mediaMark, 'U0HOME');
    await h.double.sendEvent(h.events, {
      type: 'app_home_opened',
      user: 'U0HOME',
      tab: 'home',
      channel: 'D0HOME',
    });
    const home = await h.double.waitFor(
      () => h!.double.views().find((v) => v.type === 'home' && v.user === 'U0HOME'),
      5000,
    );
    expect(checkView(home.view)).toEqual([]);
    expect(JSON.stringify(home.view)).toMatch(/Account analytics/);
  });

  it('lets only admins open /querydesk config, and saving sets the budget', async () => {
    h = await startBot();
    const refused = await h.double.sendCommand(h.events, {
      command: '/querydesk',
      text: 'config',
      user: 'U0PLAIN',
    });
    expect(refused.status).toBe(200);
    const msg = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.ephemeral && m.visibleTo === 'U0PLAIN'),
      5000,
    );
    expect(msg.text).toMatch(/Only workspace admins/);

    h.double.addUser({ id: 'U0ADMIN', isAdmin: true });
    const views = h.double.views().length;
    await h.double.sendCommand(h.events, {
      command: '/querydesk',
      text: 'config',
      user: 'U0ADMIN',
    });
    const modal = await h.double.waitFor(() => h!.double.views()[views], 5000);
    expect(checkView(modal.view)).toEqual([]);
    const bad = await h.double.sendViewSubmission(h.events, {
      viewId: modal.id,
      user: 'U0ADMIN',
      values: { daily_budget: { daily_budget: '-3' } },
    });
    expect(JSON.stringify(bad.json)).toMatch(/whole number/);
    await h.double.sendViewSubmission(h.events, {
      viewId: modal.id,
      user: 'U0ADMIN',
      values: { daily_budget: { daily_budget: '0' } },
    });
    // Saved once users.info has confirmed the admin again (after the ack).
    await vi.waitFor(async () => expect(await h!.bot.deps.dailyBudget(h!.double.teamId)).toBe(0));
    // A budget of 0 pauses paid look-ups at once.
    const refusedCall = await ask(h, '/account', X.account.mediaMark);
    expect(refusedCall.text).toMatch(/Daily budget reached/);
  });
});
