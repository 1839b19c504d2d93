import { describe, expect, it } from 'vitest';
import { qrAccountThreadMessage } from '../../src/slack/blocks/qr-account-thread.js';
import { qrCheckFailed, qrNotScannedYet } from '../../src/slack/blocks/qr-check-reply.js';
import {
  type QrStatusView,
  qrCreatingMessage,
  qrInviteMessage,
  qrStatusMessage,
} from '../../src/slack/blocks/qr-status-message.js';
import { allStrings, hasChinese, inEveryLanguage } from '../fakes/both-languages.js';
import { longAccount } from '../slack/blocks/card-data.js';

const base: Omit<QrStatusView, 't'> = {
  mediaMark: 'account123',
  landingPage: null,
  sessionId: 'sbx0001',
  url: 'https://sandbox.querydesk.invalid/qr/sbx0001',
  askedBy: '',
  state: 1,
  watch: 'watching',
  createdAt: new Date('2025-03-01T02:00:00Z'),
  lastCheckedAt: null,
  checksMade: 1,
  pointsCharged: 12,
  timeZone: 'Asia/Shanghai',
  sandbox: true,
};

const states: [string, Partial<QrStatusView>, string, string][] = [
  ['watching', {}, '未扫码', 'not scanned'],
  ['watch ended', { watch: 'timed_out' }, '未扫码', 'not scanned'],
  ['scanned', { state: 2, watch: 'done', accountCharge: 20 }, '已扫码', 'scanned'],
  ['scanned, price unknown', { state: 2, watch: 'done' }, '已扫码', 'scanned'],
  ['expired', { state: 3, watch: 'done', refundedPoints: 10 }, '已过期', 'expired'],
  ['expired, refund unknown', { state: 3, watch: 'done' }, '已过期', 'expired'],
];

describe('the QR status message in every language', () => {
  it.each(states)('%s: the fixed state word in Chinese, English unchanged', (_, patch, zh, en) => {
    const out = inEveryLanguage((t) => qrStatusMessage({ ...base, ...patch, t }), {
      update: true,
    });
    expect(out['zh-CN'].text).toContain(zh);
    expect(JSON.stringify(out['zh-CN'].blocks)).toContain(`*${zh}*`);
    expect(out.en.text).toMatch(new RegExp(`^QR login for account123: ${en}`));
    expect(JSON.stringify(out.en.blocks)).toContain(`*${en}*`);
  });

  it('says the watch ended and who asked in Chinese', () => {
    const out = inEveryLanguage((t) => qrStatusMessage({ ...base, watch: 'timed_out', t }));
    expect(out['zh-CN'].text).toContain('监控已结束');
    expect(JSON.stringify(out['zh-CN'].blocks)).toContain('再查一次');
    expect(JSON.stringify(out['zh-CN'].blocks)).toContain('工作流');
    expect(out.en.text).toContain('not scanned, watch ended');
    expect(JSON.stringify(out.en.blocks)).toContain('a workflow');
  });

  it('the placeholder, the invite and the analytics thread', () => {
    const creating = inEveryLanguage((t) => qrCreatingMessage('account123', 'U1', false, t));
    expect(creating['zh-CN'].text).toBe('正在为 account123 创建二维码登录码…');
    expect(creating.en.text).toBe('Creating a QR login code for account123…');

    for (const again of ['qr', 'workflow'] as const) {
      for (const charged of [true, false]) {
        const invite = inEveryLanguage((t) =>
          qrInviteMessage({ error: 'not_in_channel', charged, t, again }),
        );
        expect(hasChinese(invite['zh-CN'])).toBe(true);
        expect(invite['zh-CN'].text).toContain('/invite @querydesk');
        expect(hasChinese(invite.en)).toBe(false);
      }
    }
    const step = inEveryLanguage((t) =>
      qrInviteMessage({ error: 'x', charged: false, t, again: 'workflow' }),
    );
    expect(step['zh-CN'].text).toContain('重新运行工作流');
    expect(step.en.text).toContain('then run the workflow again.');

    const thread = inEveryLanguage((t) =>
      qrAccountThreadMessage({
        data: longAccount(),
        askedBy: 'U0ASKER',
        sessionId: 'sbx0001',
        points: 30,
        timeZone: 'Asia/Shanghai',
        sandbox: false,
        t,
      }),
    );
    expect(allStrings(thread['zh-CN']).join(' ')).toContain('花费 30 积分');
    expect(allStrings(thread.en).join(' ')).toContain('cost 30 points');
  });

  it('the answers to "I\'ve scanned it"', () => {
    const yet = inEveryLanguage((t) =>
      qrNotScannedYet({
        checkedAt: new Date('2025-03-01T02:00:05Z'),
        timeZone: 'Asia/Shanghai',
        gapMs: 3000,
        denseForMs: 60_000,
        t,
      }),
    );
    expect(yet['zh-CN'].text).toContain('未扫码');
    expect(yet.en.text).toMatch(
      /Checked just now \(2025-03-01 10:00:05\): the code is \*not scanned\* yet/,
    );
    const failed = inEveryLanguage((t) => qrCheckFailed(t));
    expect(hasChinese(failed['zh-CN'])).toBe(true);
    expect(failed.en.text).toMatch(/^The status could not be checked just now/);
  });
});
