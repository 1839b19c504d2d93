import { describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { consolePageForAll, STEP_MS } from './console-page.js';

const { merchantNum, paid } = SANDBOX_EXAMPLES.payOrder;

// Looking up where the numbers were said, as a newcomer does it in the console: the message's
// ⋯ → "Look up in querydesk", @querydesk in the composer, and a direct message to the bot.
describe('lookups from messages in the local console, in a real browser', () => {
  const c = consolePageForAll(800);
  const rows = () => c.page.locator('#messages .message');
  const modal = () => c.page.locator('.modal');

  async function lookUpFromMenu(said: string) {
    await c.run(said);
    const row = rows().filter({ hasText: said }).last();
    await row.waitFor({ state: 'visible', timeout: STEP_MS });
    await row.hover();
    await row.locator('.message-more').click();
    await c.page.locator('.message-menu [data-callback-id="lookup_message"]').click();
    await modal().waitFor({ state: 'visible', timeout: STEP_MS });
  }

  it('⋯ → Look up in querydesk: the numbers of the message, prefilled, and the card', async () => {
    await lookUpFromMenu(
      `Customer says order ${paid.orderNumber} (merchant ${merchantNum}) is unpaid`,
    );

    expect(await modal().locator('.modal-title').textContent()).toBe('Look up in querydesk');
    expect(await modal().textContent()).toContain(
      `Numbers found in the message: ${paid.orderNumber}, ${merchantNum}`,
    );
    const fields = modal().locator('input.bk-text');
    expect(await fields.nth(0).inputValue()).toBe(paid.orderNumber);
    expect(await fields.nth(1).inputValue()).toBe(merchantNum);
    await c.shot('40-console-lookup-modal-en');

    const before = await c.page.locator('#messages .message.ephemeral').count();
    await modal().locator('.modal-submit').click();
    await modal().waitFor({ state: 'detached', timeout: STEP_MS });
    const card = c.page.locator('#messages .message.ephemeral').nth(before);
    await card.waitFor({ state: 'visible', timeout: STEP_MS });
    await c.shot('41-console-lookup-card-en');

    expect(await card.textContent()).toContain(paid.orderNumber);
    expect(await card.textContent()).toContain('Share in channel');
  });

  it('@querydesk payorder in the composer: the answer lands in the mention’s thread', async () => {
    await c.run(`@querydesk payorder ${paid.orderNumber} ${merchantNum}`);
    const mention = rows()
      .filter({ hasText: `payorder ${paid.orderNumber}` })
      .last();
    await mention.waitFor({ state: 'visible', timeout: STEP_MS });
    const ts = await mention.getAttribute('data-ts');
    const answer = c.page.locator(`#messages .thread[data-thread-ts="${ts}"] .message`).first();
    await answer.waitFor({ state: 'visible', timeout: STEP_MS });
    await c.shot('42-console-mention-thread-en');

    expect(await answer.locator('.author').textContent()).toBe('querydesk');
    expect(await answer.getAttribute('data-thread-ts')).toBe(ts);
    expect(await answer.textContent()).toContain(paid.orderNumber);
    expect(await answer.textContent()).not.toContain('Share in channel');
  });

  it('@querydesk shoporders: the thread offers the paid lookup, and the click edits it into the card', async () => {
    await c.run(`@querydesk shoporders ${SANDBOX_EXAMPLES.shopOrders.ownerId}`);
    const mention = c.page
      .locator('#messages > .message')
      .filter({ hasText: `shoporders ${SANDBOX_EXAMPLES.shopOrders.ownerId}` });
    await mention.last().waitFor({ state: 'visible', timeout: STEP_MS });
    const ts = await mention.last().getAttribute('data-ts');
    const offer = c.page.locator(`#messages .thread[data-thread-ts="${ts}"] .message`).first();
    const button = offer.locator('.blocks button', { hasText: 'Look up' });
    await button.waitFor({ state: 'visible', timeout: STEP_MS });

    await button.click();
    await offer.locator('.bk-table').waitFor({ state: 'visible', timeout: STEP_MS });
    await c.shot('45-console-mention-offer-edited-en');
    expect(await offer.locator('.edited').count()).toBe(1);
    expect(await offer.locator('.blocks button', { hasText: 'Look up' }).count()).toBe(0);
  });

  it('in 简体中文: the shortcut’s form, and a direct message answered in the person’s language', async () => {
    await c.page.locator('#language').selectOption('zh-CN');
    await c.page
      .locator('#banner', { hasText: '本地控制台 — 沙盒网关' })
      .waitFor({ state: 'visible', timeout: STEP_MS });

    await lookUpFromMenu(`客户说订单${paid.orderNumber}，商户${merchantNum}，还没到账`);
    expect(await modal().textContent()).toContain(`${paid.orderNumber}, ${merchantNum}`);
    expect(await modal().locator('.modal-title').textContent()).not.toBe('Look up in querydesk');
    await c.shot('43-console-lookup-modal-zh-cn');
    await modal().locator('.modal-x').click();
    await modal().waitFor({ state: 'detached', timeout: STEP_MS });

    await c.page.locator('#dms .nav-item').first().click();
    await c.page.locator('#subtitle', { hasText: 'You' }).waitFor({ timeout: STEP_MS });
    await c.run(`${paid.orderNumber} ${merchantNum}`);
    const answer = c.page
      .locator('#messages .message', { hasText: paid.orderNumber })
      .filter({ has: c.page.locator('.app-badge') })
      .first();
    await answer.waitFor({ state: 'visible', timeout: STEP_MS });
    await c.shot('44-console-dm-answer-zh-cn');

    expect(await answer.getAttribute('data-channel')).toBe('D0000000001');
    expect(await answer.textContent()).toContain('已支付');
    expect(c.pageErrors).toEqual([]);
  });
});
