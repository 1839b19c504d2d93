import { describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { consolePageForAll, STEP_MS } from './console-page.js';

const { merchantNum, paid } = SANDBOX_EXAMPLES.payOrder;

// The console's two people, their direct messages with the bot, threads, @querydesk in the
// composer and the message's ⋯ menu, in a real browser.
describe('people, direct messages, threads and the message menu, in a real browser', () => {
  const c = consolePageForAll(800);
  const channelRows = () => c.page.locator('#messages .message');

  it('lists one direct message per person, and acting as another switches the whole page', async () => {
    const dms = c.page.locator('#dms .nav-item');

    expect(await dms.allTextContents()).toEqual(['querydesk · You', 'querydesk · Mei Lin']);
    expect(await c.page.locator('#acting').inputValue()).toBe('U0000000001');

    await dms.nth(1).click();
    await c.page.locator('#title', { hasText: 'querydesk' }).waitFor({ timeout: STEP_MS });
    await c.page.locator('#subtitle', { hasText: 'Mei Lin' }).waitFor({ timeout: STEP_MS });
    await c.page.locator('#acting').waitFor({ timeout: STEP_MS });
    await expect.poll(() => c.page.locator('#acting').inputValue()).toBe('U0000000002');
    expect(await c.page.locator('#messages .empty').textContent()).toContain(
      'Your direct messages with querydesk',
    );

    await c.page.locator('#acting').selectOption('U0000000001');
    await c.page
      .locator('#title', { hasText: '# querydesk-console' })
      .waitFor({ timeout: STEP_MS });
  });

  it('posts what the person types in the channel, with @querydesk drawn as a mention', async () => {
    await c.page.locator('#input').fill('@que');
    const suggestion = c.page.locator('#suggestions .suggestion').first();
    await suggestion.waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await suggestion.textContent()).toContain('@querydesk');
    await suggestion.dispatchEvent('mousedown');
    expect(await c.page.locator('#input').inputValue()).toBe('@querydesk ');
    await c.page.locator('#input').pressSequentially('payorder ');
    expect(await c.page.locator('#usage').textContent()).toBe(
      '@querydesk payorder <order_number> <merchant_num> [type=platform|merchant]',
    );

    await c.run(`@querydesk payorder ${paid.orderNumber} ${merchantNum}`);
    const mine = channelRows()
      .filter({ hasText: `payorder ${paid.orderNumber}` })
      .first();
    await mine.waitFor({ state: 'visible', timeout: STEP_MS });

    expect(await mine.locator('.author').textContent()).toBe('You');
    expect(await mine.locator('.mention').first().textContent()).toBe('@querydesk');
  });

  it('replies in a thread: the reply is drawn under its parent', async () => {
    await c.run(`has ${paid.orderNumber} been paid?`);
    const parent = channelRows().filter({ hasText: 'been paid?' }).first();
    await parent.waitFor({ state: 'visible', timeout: STEP_MS });
    await parent.hover();
    await parent.locator('.message-more').click();
    await c.page.locator('.message-menu .reply-in-thread').click();
    await c.page.locator('#replying').waitFor({ state: 'visible', timeout: STEP_MS });
    await c.run('checking now');

    const thread = c.page.locator('#messages .thread .message', { hasText: 'checking now' });
    await thread.waitFor({ state: 'visible', timeout: STEP_MS });
    const parentTs = await parent.getAttribute('data-ts');
    expect(await thread.getAttribute('data-thread-ts')).toBe(parentTs);
  });

  it('offers "Look up in querydesk" in every shared message’s ⋯ menu, and none on an ephemeral', async () => {
    const said = channelRows().filter({ hasText: 'been paid?' }).first();
    await said.hover();
    await said.locator('.message-more').click();
    const items = c.page.locator('.message-menu .message-menu-item');

    expect(await items.allTextContents()).toEqual(['Reply in thread', 'Look up in querydesk']);
    await c.shot('30-console-message-menu-en');
    await c.page.keyboard.press('Escape');

    await c.run('/querydesk help');
    const ephemeral = c.page.locator('#messages .message.ephemeral').last();
    await ephemeral.waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await ephemeral.locator('.message-more').count()).toBe(0);
  });

  it('sends a message in the person’s own DM with the bot', async () => {
    await c.page.locator('#dms .nav-item').first().click();
    await c.page.locator('#subtitle', { hasText: 'You' }).waitFor({ timeout: STEP_MS });
    await c.run(`${paid.orderNumber} ${merchantNum}`);
    const dm = c.page.locator('#messages .message', { hasText: paid.orderNumber }).first();
    await dm.waitFor({ state: 'visible', timeout: STEP_MS });

    expect(await dm.getAttribute('data-channel')).toBe('D0000000001');
    expect(c.pageErrors).toEqual([]);
  });

  it('keeps the nav buttons as messages arrive, so a click landing meanwhile is not lost', async () => {
    const mine = await c.page.locator('#dms .nav-item').first().elementHandle();
    const channel = await c.page.locator('#channels .nav-item').first().elementHandle();
    const rows = await c.page.locator('#messages .message').count();
    await c.run(`${paid.orderNumber} ${merchantNum}`);
    // What was typed and the bot's answer: each arrival redraws the nav's state.
    await expect
      .poll(() => c.page.locator('#messages .message').count(), { timeout: STEP_MS })
      .toBeGreaterThanOrEqual(rows + 2);

    expect(await mine!.evaluate((b) => [b.isConnected, b.classList.contains('active')])).toEqual([
      true,
      true,
    ]);
    expect(await channel!.evaluate((b) => [b.isConnected, b.classList.contains('active')])).toEqual(
      [true, false],
    );
  });
});
