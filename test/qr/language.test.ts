import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/i18n/locales.js';
import { findSession } from '../../src/qr/index.js';
import { QR_ACTION } from '../../src/slack/blocks/ids.js';
import { saveWorkspaceSettings } from '../../src/store/workspace-settings.js';
import { type BotHarness, startBot } from '../fakes/bot.js';

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function setWorkspaceLanguage(bot: BotHarness, language: Locale) {
  await saveWorkspaceSettings(bot.bot.deps.store.db, {
    workspaceId: bot.double.teamId,
    language,
    now: new Date(),
  });
}

/** `/qr` through a signed request; the status message once it shows the live state. */
async function postQr(bot: BotHarness, user: string, mark: string) {
  await bot.double.sendCommand(bot.events, { command: '/qr', text: mark, user });
  return bot.double.waitFor(
    () =>
      bot.double
        .messages()
        .find(
          (m) =>
            !m.ephemeral &&
            m.via === 'chat.postMessage' &&
            m.text.includes(mark) &&
            (m.blocks ?? []).some((b) => (b as { type: string }).type === 'actions'),
        ),
    10_000,
  );
}

const sessionOf = (bot: BotHarness, mark: string) =>
  bot.bot.sandbox?.sessions().find((s) => s.mediaMark === mark)?.sessionId ?? '';

describe('the QR status message speaks the workspace’s language', () => {
  it('is posted in Chinese in a Chinese workspace and stays Chinese when edited after a switch back to English', async () => {
    h = await startBot({ QR_POLL_INTERVAL_MS: '200' });
    h.double.addUser({ id: 'U0ZHADMIN', locale: 'en-US' });
    await setWorkspaceLanguage(h, 'zh-CN');

    const status = await postQr(h, 'U0ZHADMIN', 'account-zh');
    expect(status.text).toContain('未扫码');
    expect(JSON.stringify(status.blocks)).toContain('我已扫码');
    const [file] = h.double.files();
    expect(file?.title).toBe('account-zh 的二维码登录');
    // The person who typed /qr reads English: their private confirmation is English.
    const confirmation = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.ephemeral && m.text.includes('QR code posted')),
      8000,
    );
    expect(confirmation.text).toMatch(/^QR code posted in/);

    const row = await findSession(h.bot.deps.store.db, {
      workspaceId: h.double.teamId,
      sessionId: sessionOf(h, 'account-zh'),
    });
    expect(row?.locale).toBe('zh-CN');

    await setWorkspaceLanguage(h, 'en');
    h.bot.sandbox?.simulateScan(sessionOf(h, 'account-zh'));
    const scanned = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.ts === status.ts && m.text.includes('已扫码')),
      10_000,
    );
    expect(JSON.stringify(scanned.blocks)).toContain('加载账号分析');
    expect(scanned.text).not.toMatch(/scanned|QR login/);

    // The analytics thread under the Chinese message is Chinese too.
    await h.double.sendAction(h.events, {
      actionId: QR_ACTION.loadAccount,
      channel: status.channel,
      messageTs: status.ts,
      value: sessionOf(h, 'account-zh'),
      user: 'U0ZHADMIN',
    });
    const thread = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.threadTs === status.ts && m.ts !== status.ts),
      10_000,
    );
    expect(thread.text).toContain('积分');

    // A new status message in the now English workspace is English.
    const english = await postQr(h, 'U0ZHADMIN', 'account-en');
    expect(english.text).toContain('not scanned');
    expect(english.text).toContain('QR login for account-en');
  });

  it('expires in Chinese, and tells a Chinese clicker "not scanned yet" in Chinese', async () => {
    h = await startBot({ QR_POLL_INTERVAL_MS: '200' });
    h.double.addUser({ id: 'U0ZHCLICK', locale: 'zh-CN' });
    h.double.addUser({ id: 'U0ENCLICK', locale: 'en-US' });
    await setWorkspaceLanguage(h, 'zh-CN');
    const status = await postQr(h, 'U0ENCLICK', 'account-exp');

    const click = (user: string) =>
      h!.double.sendAction(h!.events, {
        actionId: QR_ACTION.scanned,
        channel: status.channel,
        messageTs: status.ts,
        value: sessionOf(h!, 'account-exp'),
        user,
      });
    await click('U0ZHCLICK');
    const zh = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.ephemeral && m.text.includes('刚刚查询')),
      10_000,
    );
    expect(zh.text).toContain('未扫码');
    await click('U0ENCLICK');
    const en = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.ephemeral && m.text.includes('Checked just now')),
      10_000,
    );
    expect(en.text).toContain('not scanned');

    h.bot.sandbox?.simulateExpire(sessionOf(h, 'account-exp'));
    const expired = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.ts === status.ts && m.text.includes('已过期')),
      10_000,
    );
    expect(JSON.stringify(expired.blocks)).toContain('新的二维码');
  });

  it('is unchanged in English for a workspace that never chose a language', async () => {
    h = await startBot({ QR_POLL_INTERVAL_MS: '200' });
    h.double.addUser({ id: 'U0ZHPERSON', locale: 'zh-CN' });
    const status = await postQr(h, 'U0ZHPERSON', 'account-plain');
    expect(status.text).toMatch(/^QR login for account-plain: not scanned/);
    expect(JSON.stringify(status.blocks)).toContain("I've scanned it");
    expect(h.double.files()[0]?.title).toBe('QR login for account-plain');
    // The Chinese person's private confirmation is Chinese.
    const confirmation = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.ephemeral && m.text.includes('二维码已发布')),
      8000,
    );
    expect(confirmation.text).toContain(sessionOf(h, 'account-plain'));
  });
});
