import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import type { Page } from './browser.js';
import { type ConsolePage, openConsolePage, STEP_MS } from './console-page.js';

describe('workflow steps in the local console, in a real browser', () => {
  let c: ConsolePage;
  let page: Page;
  const shot = (name: string) => c.shot(name);
  const form = (step: string) => page.locator(`form.step-form[data-step="${step}"]`);
  const runs = () => page.locator('#steps .step-run');

  beforeAll(async () => {
    c = await openConsolePage(900);
    page = c.page;
  }, 60_000);

  afterAll(async () => {
    await c?.close();
  });

  it('runs lookup_payment_order from its form and shows the outputs the bot completed with', async () => {
    await page.locator('#nav-steps').click();
    const X = SANDBOX_EXAMPLES.payOrder;
    const lookup = form('lookup_payment_order');
    await lookup.locator('input[name="order_number"]').fill(X.paid.orderNumber);
    await lookup.locator('input[name="merchant_num"]').fill(X.merchantNum);
    await lookup.locator('button[type="submit"]').click();
    const done = runs().filter({ hasText: 'lookup_payment_order' }).first();
    await page
      .locator('#steps .step-run[data-state="success"]')
      .first()
      .waitFor({ timeout: STEP_MS });
    await shot('20-step-lookup');
    expect(await done.locator('.step-run-out').textContent()).toContain('"status": "paid"');
    expect(c.pageErrors).toEqual([]);
  });

  it('runs start_qr_onboarding in the console channel; a simulated scan completes it', async () => {
    const qr = form('start_qr_onboarding');
    await qr.locator('input[name="media_mark"]').fill(SANDBOX_EXAMPLES.account.mediaMark);
    // The channel input is filled with the console's channel already.
    expect(await qr.locator('input[name="channel_id"]').inputValue()).toMatch(/^C/);
    await qr.locator('button[type="submit"]').click();
    await page
      .locator('#steps .step-run[data-state="pending"]')
      .first()
      .waitFor({ timeout: STEP_MS });

    await page.locator('#channels .nav-item').first().click();
    const status = page.locator('#messages .message').filter({ hasText: 'not scanned' }).last();
    await status.locator('.qr-controls').waitFor({ state: 'visible', timeout: STEP_MS });
    await status.locator('.qr-controls button').filter({ hasText: 'Simulate scan' }).click();

    await page.locator('#nav-steps').click();
    const scanned = page
      .locator('#steps .step-run[data-state="success"]')
      .filter({ hasText: 'start_qr_onboarding' });
    await scanned.waitFor({ timeout: STEP_MS });
    await shot('21-step-qr-scanned');
    expect(await scanned.locator('.step-run-out').textContent()).toContain('"status": "scanned"');
    expect(c.pageErrors).toEqual([]);
  });
});
