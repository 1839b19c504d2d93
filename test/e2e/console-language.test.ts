import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../src/console/start-console.js';
import { startTestConsole } from '../console/start.js';
import { type Browser, launchChromium, type Page } from './browser.js';

const ARTIFACTS = 'test-artifacts/e2e';
const STEP_MS = 15_000;

// The console's language switch sets the local person's Slack locale in the local Slack, which
// tells the bot with a user_change, as Slack does: the page's own words and the bot's answers to
// that person follow it, though the bot had already seen (and kept) their English locale.
describe('the console language switch, in a real browser', () => {
  let qd: RunningConsole;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const shot = (name: string) =>
    page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
  const run = async (line: string) => {
    await page.locator('#input').fill(line);
    await page.locator('button.send').click();
  };
  const answers = () => page.locator('#messages .message.ephemeral');

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
    qd = await startTestConsole({}, 10 * 60_000);
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(qd.url);
    await page.locator('body[data-live="true"]').waitFor({ state: 'attached', timeout: STEP_MS });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await qd?.stop();
  });

  it('starts in English, and the bot answers the person in English', async () => {
    await run('/querydesk language auto');
    const answer = answers().filter({ hasText: 'follows your Slack language' });
    await answer.waitFor({ state: 'visible', timeout: STEP_MS });

    expect(await answer.textContent()).toContain('(English)');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('#nav-steps').textContent()).toBe('Workflow steps');
    expect(await page.locator('#language').inputValue()).toBe('en-US');
  });

  it('switched to 简体中文: the page speaks Chinese and so does the bot, to this person', async () => {
    await page.locator('#language').selectOption('zh-CN');
    await page
      .locator('#banner', { hasText: '本地控制台 — 沙盒网关' })
      .waitFor({ state: 'visible', timeout: STEP_MS });

    expect(await page.locator('#nav-steps').textContent()).toBe('工作流步骤');
    expect(await page.locator('button.send').textContent()).toBe('发送');
    expect(await page.locator('#input').getAttribute('placeholder')).toBe(
      '输入 / 查看命令，例如 /payorder',
    );
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await page.title()).toBe('querydesk — 本地控制台');

    await run('/querydesk language auto');
    const answer = answers().filter({ hasText: '跟随你的 Slack 语言' });
    await answer.waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await answer.textContent()).toContain('（简体中文）');
    expect(await answer.textContent()).toContain('仅你可见');
    await shot('10-console-zh-cn');

    // A modal the bot opens for this person is in Chinese too.
    await run('/querydesk config');
    const modal = page.locator('.modal');
    await modal.waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await modal.textContent()).toContain('语言');
    await modal.locator('.modal-x').click();
    await modal.waitFor({ state: 'detached', timeout: STEP_MS });
  });

  it('switched back to English: the page and the answers are English again', async () => {
    await page.locator('#language').selectOption('en-US');
    await page
      .locator('#banner', { hasText: 'Local console — sandbox gateway' })
      .waitFor({ state: 'visible', timeout: STEP_MS });
    await run('/querydesk language auto');
    const answer = answers().filter({ hasText: 'follows your Slack language' });
    await answer.nth(1).waitFor({ state: 'visible', timeout: STEP_MS });

    expect(await answer.nth(1).textContent()).toContain('(English)');
    expect(await page.locator('button.send').textContent()).toBe('Send');
    expect(pageErrors).toEqual([]);
  });
});
