import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../src/console/start-console.js';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { startTestConsole } from '../console/start.js';
import { type Browser, launchChromium, type Page } from './browser.js';

// The few browser globals the page functions below use (they run in Chromium, not in Node).
declare const document: {
  querySelector(selector: string): { textContent: string | null } | null;
  querySelectorAll(selector: string): ArrayLike<{ complete: boolean; naturalWidth: number }>;
};
declare const window: object;

const ARTIFACTS = 'test-artifacts/e2e';
const STEP_MS = 15_000;

describe('the local console in a real browser', () => {
  let qd: RunningConsole;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  const shot = (name: string) =>
    page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
  const run = async (line: string) => {
    const input = page.locator('#input');
    await input.fill(line);
    // Enter picks a suggestion while the list is open; the Send button always sends.
    await page.locator('button.send').click();
  };
  const messages = () => page.locator('#messages .message');

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
    // QR codes scan only when the test says so, so the live edit is the button's doing.
    qd = await startTestConsole({ ORDER_WATCH_INTERVAL_MS: '200' }, 10 * 60_000);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(qd.url);
    await page.locator('body[data-live="true"]').waitFor({ state: 'attached', timeout: STEP_MS });
    await page.evaluate(() => {
      (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await qd?.stop();
  });

  it('shows the banner and completes command names with their usage hints', async () => {
    await page.locator('#input').fill('/pay');
    const suggestion = page.locator('#suggestions .suggestion').first();
    await suggestion.waitFor({ state: 'visible', timeout: STEP_MS });
    await shot('00-autocomplete');

    expect(await page.locator('#banner').textContent()).toBe('Local console — sandbox gateway');
    expect(await suggestion.textContent()).toContain('<order_number> <merchant_num>');
    await page.locator('#input').fill('');
  });

  it('/payorder with sandbox values shows the card, and "Share in channel" posts it', async () => {
    const { merchantNum, paid } = SANDBOX_EXAMPLES.payOrder;
    await run(`/payorder ${paid.orderNumber} ${merchantNum}`);
    const card = messages().filter({ hasText: paid.orderNumber }).last();
    await card.waitFor({ state: 'visible', timeout: STEP_MS });
    await shot('01-payorder-card');

    expect(await card.textContent()).toContain('Only visible to you');

    await card.locator('button[data-action-id="qd_share"]').click();
    const shared = page
      .locator('#messages .message:not(.ephemeral)')
      .filter({ hasText: paid.orderNumber });
    await shared.first().waitFor({ state: 'visible', timeout: STEP_MS });
    await shot('02-payorder-shared');

    expect(await shared.count()).toBe(1);
  });

  it('/shoporders "Next" replaces the card in place', async () => {
    const { ownerId } = SANDBOX_EXAMPLES.shopOrders;
    await run(`/shoporders ${ownerId} size=5`);
    const card = messages().filter({ hasText: ownerId }).last();
    const next = card
      .locator('button[data-action-id^="qd_shoporders_page"]')
      .filter({ hasText: /next/i });
    await next.waitFor({ state: 'visible', timeout: STEP_MS });
    const ts = await card.getAttribute('data-ts');
    const before = await card.textContent();
    await next.click();
    await page.waitForFunction(
      ([t, b]) => {
        const row = document.querySelector(`#messages .message[data-ts="${t}"]`);
        return !!row && row.textContent !== b;
      },
      [ts, before] as const,
      { timeout: STEP_MS },
    );
    await shot('03-shoporders-next');
    const after = await page.locator(`#messages .message[data-ts="${ts}"]`).textContent();

    expect(after).toMatch(/page 2/i);
    expect(await messages().filter({ hasText: ownerId }).count()).toBe(1);
  });

  it('/payorder with no arguments opens the modal, and a bad value shows the inline error', async () => {
    await run('/payorder');
    const modal = page.locator('.modal');
    await modal.waitFor({ state: 'visible', timeout: STEP_MS });
    await modal.locator('[data-block-id="order_number"] .bk-text').fill('   ');
    await modal.locator('[data-block-id="merchant_num"] .bk-text').fill('x');
    await modal.locator('.modal-submit').click();
    const error = modal.locator('[data-block-id="order_number"] .field-error');
    await error.waitFor({ state: 'visible', timeout: STEP_MS });
    await shot('04-payorder-modal-error');

    expect((await error.textContent())?.length).toBeGreaterThan(0);
    expect(await modal.count()).toBe(1);
    await modal.locator('.modal-x').click();
    await modal.waitFor({ state: 'detached', timeout: STEP_MS });
  });

  it('/qr shows the QR image and the status turns to "scanned" without reloading', async () => {
    const { mediaMark } = SANDBOX_EXAMPLES.account;
    await run(`/qr ${mediaMark}`);
    const image = page.locator('#messages .file-image').last();
    await image.waitFor({ state: 'visible', timeout: STEP_MS });
    await page.waitForFunction(
      () => {
        const imgs = document.querySelectorAll('#messages .file-image');
        const img = imgs[imgs.length - 1];
        return !!img && img.complete && img.naturalWidth > 0;
      },
      undefined,
      { timeout: STEP_MS },
    );
    const status = messages().filter({ hasText: 'not scanned' }).last();
    await status.locator('.qr-controls').waitFor({ state: 'visible', timeout: STEP_MS });
    const ts = await status.getAttribute('data-ts');
    await shot('05-qr-not-scanned');

    await status.locator('.qr-controls button').filter({ hasText: 'Simulate scan' }).click();
    await page.waitForFunction(
      (t) => {
        const row = document.querySelector(`#messages .message[data-ts="${t}"]`);
        const text = row?.textContent ?? '';
        return text.includes('scanned') && !text.includes('not scanned');
      },
      ts,
      { timeout: STEP_MS },
    );
    await shot('06-qr-scanned');

    expect(
      await page.evaluate(
        () => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true,
      ),
    ).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('Escape closes an open modal, as in Slack', async () => {
    await run('/payorder');
    const modal = page.locator('.modal');
    await modal.waitFor({ state: 'visible', timeout: STEP_MS });

    await page.keyboard.press('Escape');

    await modal.waitFor({ state: 'detached', timeout: STEP_MS });
  });

  it('/payorder watch: "Simulate payment" on the card moves the sandbox order and the thread says "Paid at"', async () => {
    const { merchantNum, waits } = SANDBOX_EXAMPLES.payOrder;
    await run(`/payorder watch ${waits.orderNumber} ${merchantNum}`);
    const card = page
      .locator('#messages .message:not(.ephemeral)')
      .filter({ hasText: 'Stop watching' })
      .filter({ hasText: waits.orderNumber });
    const pay = card.locator('.order-controls button').filter({ hasText: 'Simulate payment' });
    await pay.waitFor({ state: 'visible', timeout: STEP_MS });
    await shot('07-order-watch');

    await pay.click();
    const paid = messages().filter({ hasText: /^.*Paid at \d\d:\d\d:\d\d/ });
    await paid.first().waitFor({ state: 'visible', timeout: STEP_MS });
    await shot('08-order-paid');

    expect(await paid.count()).toBe(1);
  });

  it('/shoporders export: Start export shows the progress message and the CSV as a file', async () => {
    const { ownerId } = SANDBOX_EXAMPLES.shopOrders;
    await run(`/shoporders export ${ownerId}`);
    const start = page.locator('button[data-action-id="qd_export_start"]').last();
    await start.waitFor({ state: 'visible', timeout: STEP_MS });
    await start.click();
    const file = page.locator('#messages .file .file-name').filter({ hasText: /Shop orders of/ });
    await file.first().waitFor({ state: 'visible', timeout: STEP_MS });
    await page
      .locator('#messages .message')
      .filter({ hasText: /Export finished: 250 rows/ })
      .first()
      .waitFor({ state: 'visible', timeout: STEP_MS });
    await shot('09-export-done');

    expect(await file.first().getAttribute('href')).toMatch(/^\/console\/files\//);
    expect(pageErrors).toEqual([]);
  });
});
