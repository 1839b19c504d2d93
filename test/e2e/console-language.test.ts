import { describe, expect, it } from 'vitest';
import { consolePageForAll, STEP_MS } from './console-page.js';

// The console's language switch sets the local person's Slack locale in the local Slack, which
// tells the bot with a user_change, as Slack does: the page's own words and the bot's answers to
// that person follow it, though the bot had already seen (and kept) their English locale.
describe('the console language switch, in a real browser', () => {
  const c = consolePageForAll(720);
  const answers = () => c.page.locator('#messages .message.ephemeral');

  it('starts in English, and the bot answers the person in English', async () => {
    await c.run('/querydesk language auto');
    const answer = answers().filter({ hasText: 'follows your Slack language' });
    await answer.waitFor({ state: 'visible', timeout: STEP_MS });

    expect(await answer.textContent()).toContain('(English)');
    expect(await c.page.locator('html').getAttribute('lang')).toBe('en');
    expect(await c.page.locator('#nav-steps').textContent()).toBe('Workflow steps');
    expect(await c.page.locator('#language').inputValue()).toBe('en-US');
  });

  it('switched to 简体中文: the page speaks Chinese and so does the bot, to this person', async () => {
    await c.page.locator('#language').selectOption('zh-CN');
    await c.page
      .locator('#banner', { hasText: '本地控制台 — 沙盒网关' })
      .waitFor({ state: 'visible', timeout: STEP_MS });

    expect(await c.page.locator('#nav-steps').textContent()).toBe('工作流步骤');
    expect(await c.page.locator('button.send').textContent()).toBe('发送');
    expect(await c.page.locator('#input').getAttribute('placeholder')).toBe(
      '输入消息、@querydesk，或输入 / 查看命令',
    );
    expect(await c.page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await c.page.title()).toBe('querydesk — 本地控制台');

    await c.run('/querydesk language auto');
    const answer = answers().filter({ hasText: '跟随你的 Slack 语言' });
    await answer.waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await answer.textContent()).toContain('（简体中文）');
    expect(await answer.textContent()).toContain('仅你可见');
    await c.shot('10-console-zh-cn');

    // A modal the bot opens for this person is in Chinese too.
    await c.run('/querydesk config');
    const modal = c.page.locator('.modal');
    await modal.waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await modal.textContent()).toContain('语言');
    await modal.locator('.modal-x').click();
    await modal.waitFor({ state: 'detached', timeout: STEP_MS });
  });

  it('switched back to English: the page and the answers are English again', async () => {
    await c.page.locator('#language').selectOption('en-US');
    await c.page
      .locator('#banner', { hasText: 'Local console — sandbox gateway' })
      .waitFor({ state: 'visible', timeout: STEP_MS });
    await c.run('/querydesk language auto');
    const answer = answers().filter({ hasText: 'follows your Slack language' });
    await answer.nth(1).waitFor({ state: 'visible', timeout: STEP_MS });

    expect(await answer.nth(1).textContent()).toContain('(English)');
    expect(await c.page.locator('button.send').textContent()).toBe('Send');
    expect(c.pageErrors).toEqual([]);
  });
});
