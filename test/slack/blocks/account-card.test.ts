import { describe, expect, it } from 'vitest';
import { textBar } from '../../../src/slack/blocks/account-bars.js';
import { accountCard } from '../../../src/slack/blocks/account-card.js';
import { ENGLISH } from '../../../src/slack/blocks/format.js';
import { ACTION } from '../../../src/slack/blocks/ids.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import { withSandboxNote } from '../../../src/slack/blocks/sandbox-note.js';
import { actionIds, longAccount, mrkdwnText, parsedAccount, visibleText } from './card-data.js';

const opts = { timeZone: 'Asia/Shanghai', t: ENGLISH };

describe('accountCard', () => {
  it('shows profile words, masked phone, tags, the daily table and distributions', () => {
    const card = accountCard(parsedAccount(), { ...opts, shareKey: 'k' });

    const text = visibleText(card.blocks);
    expect(checkMessage(card)).toEqual([]);
    expect(text).toContain('Tea House');
    expect(text).toContain('enterprise service account');
    expect(text).toContain('male');
    expect(text).toContain('Hangzhou, Zhejiang, China');
    expect(text).toContain('1,520');
    expect(text).toContain('•••••••0000');
    expect(text).not.toContain('13800000000');
    expect(text).toContain('tea(3) snacks(7)');
    expect(text).toContain('green tea(88)');
    expect(text).toMatch(
      /```\ndate +plays new fans likes comments shares visitors\n2024-04-30 +120 +12 +33 +4 +2 +57\n/,
    );
    // 42 of 49 is 86%; 500 of 800 is 63%.
    expect(text).toContain('`█████████░ 86%` food (42)');
    expect(text).toContain('`██████░░░░ 63%` 24-30 (500)');
    expect(text).toContain('`██████████ 100%` Zhejiang (900)');
    expect(text).toContain('*Fans* (1 listed): Lin');
    expect(text).toContain('*Following* (1 listed): Brand X');
    expect(actionIds(card.blocks)).toEqual([ACTION.share]);
    expect(card.text).toBe('Account Tea House: enterprise service account, 1,520 fans');
  });

  it('builds bars from counts', () => {
    expect(textBar(52, 100)).toBe('█████░░░░░ 52%');
    expect(textBar(0, 0)).toBe('░░░░░░░░░░ 0%');
    expect(textBar(3, 3)).toBe('██████████ 100%');
  });

  it('stays within every limit with huge lists and 5000-character strings', () => {
    const card = accountCard(longAccount(), { ...opts, shareKey: 'k' });

    const text = visibleText(card.blocks);
    expect(checkMessage(withSandboxNote(card, true, ENGLISH))).toEqual([]);
    expect(text).toContain('… 195 more');
    expect(text).toContain('… 495 more');
    expect(text).toContain('… 26 more');
    expect(mrkdwnText(card)).not.toMatch(/<!channel>|<@U1>/);
  });

  it('a shared card says who shared it and has no share button', () => {
    const card = accountCard(parsedAccount(), { ...opts, shareKey: 'k', sharedBy: 'U777' });

    expect(actionIds(card.blocks)).toEqual([]);
    expect(visibleText(card.blocks)).toContain('Shared by <@U777>');
  });

  it('shows a sparse account without inventing data', () => {
    const data = { ...parsedAccount(), daily: [], interests: [], fans: [], phone: '' };

    const text = visibleText(accountCard(data, opts).blocks);

    expect(text).toContain('No daily statistics were returned.');
    expect(text).toContain('not given');
    expect(text).toContain('*Fans* (0 listed)');
  });
});
