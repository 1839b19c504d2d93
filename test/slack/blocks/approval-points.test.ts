import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/translator.js';
import { approvalDm, gateText } from '../../../src/slack/blocks/approval-message.js';

const en = translator('en');
const zh = translator('zh-CN');

function dm(t: typeof en, estimate: number, left: number): string {
  const m = approvalDm({
    requestId: 'r1',
    asker: 'U0ASKER',
    channel: 'C0CHAN',
    what: 'an export',
    estimate,
    left,
    expiresAt: '2026-01-16 09:00',
    timeZone: 'Asia/Shanghai',
    t,
  });
  return m.text + JSON.stringify(m.blocks);
}

// An amount, an estimate or a budget of one point reads "1 point", not "1 points".
describe('points in approval messages', () => {
  it('says "1 point" and "1,500 points" in English, and 积分 without plural in Chinese', () => {
    expect(gateText({ estimate: 1, above: 1 }, en)).toContain(
      'the most this can cost is 1 point; this workspace asks for approval above 1 point.',
    );
    expect(gateText({ estimate: 1500, above: 1200 }, en)).toContain(
      'is 1,500 points; this workspace asks for approval above 1,200 points.',
    );
    expect(dm(en, 1, 1)).toContain('The most it can cost: 1 point. Budget left today: 1 point.');
    expect(dm(en, 2, 0)).toContain('The most it can cost: 2 points. Budget left today: 0 points.');
    expect(gateText({ estimate: 1, above: 1200 }, zh)).toContain(
      '最多可能花费 1 积分；本工作区超过 1,200 积分需审批',
    );
    expect(dm(zh, 1, 1)).toContain('最多可能花费：1 积分。今日剩余预算：1 积分。');
  });
});
