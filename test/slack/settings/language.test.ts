import { afterEach, describe, expect, it } from 'vitest';
import { checkView } from '../../../src/slack/blocks/limits.js';
import type { DoubleMessage } from '../../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';
import { eventually } from '../../fakes/eventually.js';

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function querydesk(b: BotHarness, text: string, user: string): Promise<DoubleMessage> {
  const eph = () => b.double.messages().filter((m) => m.ephemeral && m.visibleTo === user);
  const before = eph().length;
  await b.double.sendCommand(b.events, { command: '/querydesk', text, user });
  return b.double.waitFor(() => eph()[before], 8000);
}

const localeLookups = (b: BotHarness, user: string) =>
  b.double
    .callsTo('users.info')
    .filter((c) => c.args.user === user && String(c.args.include_locale) === 'true').length;

describe('/querydesk language', () => {
  it('confirms each choice in the chosen language, asking Slack once', async () => {
    h = await startBot();
    h.double.addUser({ id: 'UZH', locale: 'zh-CN' });

    const en = await querydesk(h, 'language en', 'UZH');
    expect(en.text).toMatch(/^querydesk now answers you in English\./);
    const zh = await querydesk(h, 'language zh-CN', 'UZH');
    expect(zh.text).toMatch(/^querydesk 今后用简体中文回复你。/);
    const auto = await querydesk(h, 'language auto', 'UZH');
    expect(auto.text).toMatch(/^querydesk 今后跟随你的 Slack 语言（简体中文）。/);
    // One users.info with include_locale for the person, however many commands.
    expect(localeLookups(h, 'UZH')).toBe(1);
  });

  it('refuses an unknown language with the usage, in the person’s Slack language', async () => {
    h = await startBot();
    h.double.addUser({ id: 'UZH2', locale: 'zh-TW' });
    h.double.addUser({ id: 'UEN', locale: 'en-GB' });

    const zh = await querydesk(h, 'language <!here>', 'UZH2');
    expect(zh.text).toContain('不是 querydesk 支持的语言');
    expect(zh.text).toContain('/querydesk language zh-CN|en|auto');
    expect(zh.text).not.toContain('<!here>');
    const en = await querydesk(h, 'language fr', 'UEN');
    expect(en.text).toMatch(
      /^“fr” is not a language querydesk speaks\. Usage: `\/querydesk language zh-CN\|en\|auto`/,
    );
  });

  it('follows a user_change to Chinese without asking Slack again', async () => {
    h = await startBot();
    h.double.addUser({ id: 'UMOVE', locale: 'en-US' });
    await querydesk(h, 'language auto', 'UMOVE');
    expect(localeLookups(h, 'UMOVE')).toBe(1);

    const ack = await h.double.sendEvent(h.events, {
      type: 'user_change',
      user: { id: 'UMOVE', team_id: h.double.teamId, locale: 'zh-CN' },
    });
    expect(ack.status).toBe(200);
    // The event is acked before it is stored: ask until the answer turns Chinese.
    await eventually(async () =>
      (await querydesk(h!, 'language xx', 'UMOVE')).text.includes('不是 querydesk 支持的语言'),
    );
    expect(localeLookups(h, 'UMOVE')).toBe(1);
  });
});

describe('the workspace language in /querydesk config', () => {
  it('offers English and 简体中文, labelled in the admin’s language, and keeps the choice', async () => {
    h = await startBot();
    h.double.addUser({ id: 'UADMIN', isAdmin: true, locale: 'zh-CN' });
    const open = async () => {
      const views = h!.double.views().length;
      await h!.double.sendCommand(h!.events, {
        command: '/querydesk',
        text: 'config',
        user: 'UADMIN',
      });
      return h!.double.waitFor(() => h!.double.views()[views], 8000);
    };
    const modal = await open();
    expect(checkView(modal.view)).toEqual([]);
    const block = (modal.view.blocks as { block_id?: string; label?: { text: string } }[]).find(
      (b) => b.block_id === 'language',
    );
    expect(block?.label?.text).toBe('语言');
    expect(JSON.stringify(block)).toContain('"English"');
    expect(JSON.stringify(block)).toContain('"简体中文"');
    expect(JSON.stringify(block)).toMatch(/"initial_option":\{[^}]*"text":"English"/);

    await h.double.sendViewSubmission(h.events, {
      viewId: modal.id,
      user: 'UADMIN',
      values: { language: { language: 'zh-CN' } },
    });
    await eventually(async () =>
      /"initial_option":\{"text":\{"type":"plain_text","text":"简体中文"/.test(
        JSON.stringify((await open()).view.blocks),
      ),
    );
  });
});
