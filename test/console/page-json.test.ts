import { describe, expect, it } from 'vitest';
import { CONSOLE_COMMANDS } from '../../src/console/commands.js';
import { CONSOLE_CHANNEL, CONSOLE_USER, createLocalSlack } from '../../src/console/local-slack.js';
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
      banner: 'b',
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
      banner: 'b',
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
});
