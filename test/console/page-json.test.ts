import { describe, expect, it } from 'vitest';
import { CONSOLE_COMMANDS } from '../../src/console/commands.js';
import {
  CONSOLE_CHANNEL,
  CONSOLE_SECOND_USER,
  CONSOLE_USER,
  createLocalSlack,
} from '../../src/console/local-slack.js';
import { pageJson } from '../../src/console/page-json.js';
import type { QrSessionView } from '../../src/sandbox/index.js';
import type { DoubleMessage } from '../../src/slack-double/types.js';

const session: QrSessionView = {
  sessionId: 'qs_abc123',
  mediaMark: 'sbx_lanting_food',
  url: 'https://sandbox.test/qr/qs_abc123',
  createdAt: 0,
  status: '1',
  creationCharge: 5,
  refunded: false,
  paidChecks: 0,
};

function botMessage(local: ReturnType<typeof createLocalSlack>, extra: Partial<DoubleMessage>) {
  return local.state.addMessage({
    channel: CONSOLE_CHANNEL,
    ts: local.state.nextTs(),
    user: local.state.id.botUserId,
    botId: local.state.id.botId,
    text: 'hello',
    blocks: [],
    files: [],
    ephemeral: false,
    edits: 0,
    via: 'chat.postMessage',
    ...extra,
  });
}

describe('what the page is sent', () => {
  it('marks a message naming a sandbox QR session, so the page offers scan and expiry', () => {
    const local = createLocalSlack('http://127.0.0.1:1');
    const page = pageJson({
      state: local.state,
      banner: () => 'b',
      commands: CONSOLE_COMMANDS,
      sessions: () => [session],
    });
    botMessage(local, {
      text: 'QR login for sbx_lanting_food: not scanned',
      blocks: [{ type: 'section', fields: [{ type: 'mrkdwn', text: '*Session*\n`qs_abc123`' }] }],
    });
    botMessage(local, { text: 'unrelated' });

    const [qr, plain] = page.snapshot().messages;

    expect(qr?.qr).toEqual({ session: 'qs_abc123', status: '1' });
    expect(plain?.qr).toBeUndefined();
  });

  it("shows the console user's ephemerals and files, but not another user's ephemerals", () => {
    const local = createLocalSlack('http://127.0.0.1:1');
    const page = pageJson({
      state: local.state,
      banner: () => 'b',
      commands: CONSOLE_COMMANDS,
      sessions: () => [],
    });
    botMessage(local, { text: 'mine', ephemeral: true, visibleTo: CONSOLE_USER });
    botMessage(local, { text: 'theirs', ephemeral: true, visibleTo: 'U0OTHER' });
    botMessage(local, { text: '', files: [{ id: 'F1', title: 'QR code', name: 'qr.png' }] });

    const messages = page.snapshot().messages;

    expect(messages.map((m) => m.text)).toEqual(['mine', '']);
    expect(messages[1]?.files).toEqual([
      { id: 'F1', title: 'QR code', name: 'qr.png', url: '/console/files/F1', isImage: true },
    ]);
    expect(messages[0]).toMatchObject({ author: 'querydesk', isBot: true, ephemeral: true });
  });

  it("sends the page's own words in the console person's Slack language", () => {
    const local = createLocalSlack('http://127.0.0.1:1');
    const page = pageJson({
      state: local.state,
      banner: (t) => t('console.banner.sandbox'),
      commands: CONSOLE_COMMANDS,
      sessions: () => [],
    });
    const english = page.snapshot();
    local.state.user(CONSOLE_USER).locale = 'zh-TW';
    const chinese = page.snapshot();

    expect(english.locale).toBe('en');
    expect(english.banner).toBe('Local console — sandbox gateway');
    expect(english.words['console.composer.send']).toBe('Send');
    expect(chinese.locale).toBe('zh-CN');
    expect(chinese.banner).toBe('本地控制台 — 沙盒网关');
    expect(chinese.words['console.nav.steps']).toBe('工作流步骤');
    // Every word of the page is sent, none left as a key.
    expect(Object.keys(chinese.words)).toEqual(Object.keys(english.words));
    for (const [key, word] of Object.entries(chinese.words)) expect(word).not.toBe(key);
  });

  it('shows the IMs of the console people, each person their own ephemerals, and replies under their parent', () => {
    const local = createLocalSlack('http://127.0.0.1:1');
    const page = pageJson({
      state: local.state,
      banner: () => 'b',
      commands: CONSOLE_COMMANDS,
      sessions: () => [],
      acting: () => local.acting.id(),
    });
    const parent = botMessage(local, { text: 'parent' });
    botMessage(local, { text: 'reply', threadTs: parent.ts });
    botMessage(local, { channel: 'D0000000002', text: 'to Mei' });
    botMessage(local, { channel: 'D0STRANGER', text: 'to someone else' });
    botMessage(local, { text: 'for Mei only', ephemeral: true, visibleTo: CONSOLE_SECOND_USER });

    const asYou = page.snapshot();
    local.acting.set(CONSOLE_SECOND_USER);
    const asMei = page.snapshot();

    expect(asYou.messages.map((m) => m.text)).toEqual(['parent', 'reply', 'to Mei']);
    expect(asYou.messages[0]?.threadTs).toBeUndefined();
    expect(asYou.messages[1]?.threadTs).toBe(parent.ts);
    expect(asMei.messages.map((m) => m.text)).toContain('for Mei only');
    expect(asMei.user).toEqual({ id: CONSOLE_SECOND_USER, name: 'Mei Lin' });
    expect(() => local.acting.set('U0STRANGER')).toThrow();
  });
});
