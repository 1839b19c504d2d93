import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/slack/blocks/format.js';
import { QR_ACTION } from '../../src/slack/blocks/ids.js';
import { checkMessage } from '../../src/slack/blocks/limits.js';
import {
  type QrStatusView,
  qrCreatingMessage,
  qrInviteMessage,
  qrStatusMessage,
} from '../../src/slack/blocks/qr-status-message.js';

const base: QrStatusView = {
  mediaMark: 'account123',
  landingPage: '7',
  sessionId: 'sbx0001',
  url: 'https://sandbox.querydesk.invalid/qr/sbx0001',
  askedBy: 'U0ASKER01',
  state: 1,
  watch: 'watching',
  createdAt: new Date('2025-03-01T02:00:00Z'),
  lastCheckedAt: new Date('2025-03-01T02:00:05Z'),
  checksMade: 2,
  pointsCharged: 12,
  timeZone: 'Asia/Shanghai',
  sandbox: false,
  t: ENGLISH,
};

const cases: [string, Partial<QrStatusView>, string, string[]][] = [
  ['watching', {}, 'not scanned', [QR_ACTION.scanned, 'qd_open_link']],
  ['scanned', { state: 2, watch: 'done', accountCharge: 20 }, 'scanned', [QR_ACTION.loadAccount]],
  ['expired', { state: 3, watch: 'done', refundedPoints: 10 }, 'expired', [QR_ACTION.newCode]],
  ['watch ended', { watch: 'timed_out' }, 'not scanned', [QR_ACTION.checkAgain, 'qd_open_link']],
];

describe('qrStatusMessage', () => {
  it.each(cases)(
    '%s: names the state in words, in the text fallback too',
    (_, patch, word, ids) => {
      const message = qrStatusMessage({ ...base, ...patch });

      expect(message.text).toMatch(new RegExp(`^QR login for account123: ${word}[ ,]`));
      expect(JSON.stringify(message.blocks)).toContain(`*${word}*`);
      const shownIds = JSON.stringify(message.blocks).match(/"action_id":"([^"]+)"/g) ?? [];
      expect(shownIds.map((s) => s.slice(13, -1))).toEqual(ids);
      expect(checkMessage(message, { update: true })).toEqual([]);
    },
  );

  it('renders the last check in the gateway time zone', () => {
    const message = qrStatusMessage(base);

    expect(JSON.stringify(message.blocks)).toContain('2025-03-01 10:00:05 (Asia/Shanghai)');
  });

  it('prices the account button when the charge is known, and says "paid" otherwise', () => {
    const known = qrStatusMessage({ ...base, state: 2, watch: 'done', accountCharge: 20 });
    const unknown = qrStatusMessage({ ...base, state: 2, watch: 'done' });

    expect(JSON.stringify(known.blocks)).toContain('Load account analytics (20 pts)');
    expect(JSON.stringify(unknown.blocks)).toContain('Load account analytics (paid)');
  });

  it('stays within Block Kit limits with very long inputs and says "sandbox" in sandbox mode', () => {
    const long = 'x'.repeat(5000);
    const message = qrStatusMessage({
      ...base,
      mediaMark: long,
      landingPage: long,
      sessionId: long,
      url: `https://e.invalid/${long}`,
      sandbox: true,
    });

    expect(checkMessage(message, { update: true })).toEqual([]);
    expect(message.text).toContain('sandbox');
  });

  it('has a placeholder and an invite message within limits', () => {
    const invite = qrInviteMessage({ error: 'not_in_channel', charged: false, t: ENGLISH });

    expect(checkMessage(qrCreatingMessage('account123', 'U1', true, ENGLISH))).toEqual([]);
    expect(checkMessage(invite)).toEqual([]);
    expect(invite.text).toContain('/invite @querydesk');
    expect(invite.text).toContain('Nothing was charged');
  });
});
