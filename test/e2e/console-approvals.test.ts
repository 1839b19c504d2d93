import { describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { consolePageForAll, STEP_MS } from './console-page.js';

const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId;
const YOU = 'U0000000001';
const MEI = 'U0000000002';

// Approval for costly work as a newcomer tries it in one browser: an amount in /querydesk config,
// an export above it asked for as "You", and Mei Lin (the workspace's owner, so an approver when
// none are named) deciding in her direct messages with querydesk.
describe('approvals in the local console, in a real browser', () => {
  const c = consolePageForAll(800);
  const modal = () => c.page.locator('.modal');
  const ephemerals = () => c.page.locator('#messages .message.ephemeral');

  async function actAs(user: string) {
    await c.page.locator('#acting').selectOption(user);
    await expect.poll(() => c.page.locator('#acting').inputValue()).toBe(user);
  }

  /** As You: an export preview, then **Ask for approval**; resolves when it says it was sent. */
  async function askForExport(button: string, sent: RegExp) {
    const before = await ephemerals().count();
    await c.run(`/shoporders export ${SHOP} size=50`);
    const preview = ephemerals().nth(before);
    await preview.waitFor({ state: 'visible', timeout: STEP_MS });
    await preview.locator('button', { hasText: button }).click();
    await ephemerals().filter({ hasText: sent }).last().waitFor({ timeout: STEP_MS });
  }

  /** Mei's direct message holding the request with these buttons, after opening her DMs. */
  async function meisRequest(approve: string) {
    await c.page.locator('#dms .nav-item').nth(1).click();
    await c.page.locator('#subtitle', { hasText: 'Mei Lin' }).waitFor({ timeout: STEP_MS });
    await expect.poll(() => c.page.locator('#acting').inputValue()).toBe(MEI);
    const dm = c.page
      .locator('#messages .message', { has: c.page.locator('button', { hasText: approve }) })
      .last();
    await dm.waitFor({ state: 'visible', timeout: STEP_MS });
    return dm;
  }

  it('sets "Approval needed above" in /querydesk config', async () => {
    await c.run('/querydesk config');
    await modal().waitFor({ state: 'visible', timeout: STEP_MS });
    const above = modal().locator('.bk-input', { hasText: 'Approval needed above' });
    await above.locator('input').fill('0');
    await modal().locator('.modal-submit').click();
    await modal().waitFor({ state: 'detached', timeout: STEP_MS });

    // Saved just after the form closes: opened again, it shows the amount.
    await expect
      .poll(
        async () => {
          await c.run('/querydesk config');
          await modal().waitFor({ state: 'visible', timeout: STEP_MS });
          const field = modal().locator('.bk-input', { hasText: 'Approval needed above' });
          const value = await field.locator('input').inputValue();
          await modal().locator('.modal-x').click();
          await modal().waitFor({ state: 'detached', timeout: STEP_MS });
          return value;
        },
        { timeout: STEP_MS },
      )
      .toBe('0');
  });

  it('asks as You, and Mei Lin approves in her direct messages: the export starts', async () => {
    await askForExport('Ask for approval', /Sent for approval to .*Mei Lin/);

    const dm = await meisRequest('Approve');
    expect(await dm.textContent()).toContain('You asks for your approval of an export');
    expect(await dm.textContent()).toContain('#querydesk-console');
    await c.shot('50-console-approval-dm-en');

    await dm.locator('button', { hasText: 'Approve' }).click();
    await c.page
      .locator('#messages .message', { hasText: 'Mei Lin approved it' })
      .waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await dm.locator('button', { hasText: 'Approve' }).count()).toBe(0);
    await c.shot('51-console-approval-decided-en');

    await actAs(YOU);
    await c.page.locator('#channels .nav-item').first().click();
    const told = ephemerals().filter({ hasText: 'Mei Lin approved' }).last();
    await told.waitFor({ state: 'visible', timeout: STEP_MS });
    const progress = c.page
      .locator('#messages .message:not(.ephemeral)', { hasText: 'export' })
      .filter({ has: c.page.locator('.app-badge') })
      .last();
    await progress.waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await told.textContent()).toContain('it has started');
  });

  it('in 简体中文: Mei reads the request in her language, and denies it', async () => {
    await actAs(MEI);
    await c.page.locator('#language').selectOption('zh-CN');
    await c.page
      .locator('#banner', { hasText: '本地控制台 — 沙盒网关' })
      .waitFor({ state: 'visible', timeout: STEP_MS });
    await actAs(YOU);
    await c.page.locator('#channels .nav-item').first().click();
    await c.page
      .locator('#banner', { hasText: 'Local console — sandbox gateway' })
      .waitFor({ state: 'visible', timeout: STEP_MS });

    await askForExport('Ask for approval', /Sent for approval to .*Mei Lin/);
    const dm = await meisRequest('同意');
    expect(await dm.textContent()).toContain('请你审批');
    await c.shot('52-console-approval-dm-zh-cn');

    const ts = await dm.getAttribute('data-ts');
    await dm.locator('button', { hasText: '拒绝' }).click();
    const decided = c.page.locator(`#messages .message[data-ts="${ts}"]`, { hasText: '已拒绝' });
    await decided.waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await decided.locator('.blocks button').allTextContents()).toEqual([]);

    await actAs(YOU);
    await c.page.locator('#channels .nav-item').first().click();
    await ephemerals().filter({ hasText: 'Mei Lin denied' }).last().waitFor({ timeout: STEP_MS });
    expect(c.pageErrors).toEqual([]);
  });
});
