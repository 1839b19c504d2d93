import { describe, expect, it } from 'vitest';
import { MESSAGE_LOOKUPS } from '../../../src/slack/blocks/values.js';
import { messageLookupView } from '../../../src/slack/lookup/message-lookup.js';
import { hasChinese, inEveryLanguage } from '../../fakes/both-languages.js';

// The shortcut's modal at its largest (ten 32-digit numbers) and smallest (none), for every
// lookup, in every language: within Slack's limits (a 24-character title, the metadata's 3000),
// no raw key or placeholder, and in Chinese for a Chinese reader.
const TEN_LONGEST = Array.from({ length: 10 }, (_, i) => `${i}`.repeat(32));

describe('the message shortcut’s modal', () => {
  it.each(MESSAGE_LOOKUPS)('%s: within limits in every language, ten numbers or none', (lookup) => {
    for (const numbers of [TEN_LONGEST, []]) {
      const views = inEveryLanguage((t) =>
        messageLookupView({ channelId: 'C0LIMITS', numbers, lookup }, t),
      );
      expect(hasChinese(views['zh-CN'].title)).toBe(true);
      expect(JSON.stringify(views['zh-CN'].blocks[0])).toMatch(
        numbers.length ? /找到 10 个数字/ : /没有找到数字/,
      );
      expect(JSON.stringify(views.en.blocks[0])).toMatch(
        numbers.length ? /Numbers found in the message/ : /No numbers were found/,
      );
    }
  });

  it('keeps the message’s channel, its numbers and the lookup drawn in private_metadata', () => {
    const view = inEveryLanguage((t) =>
      messageLookupView(
        { channelId: 'C0META', numbers: ['123456', '7654321'], lookup: 'coupons' },
        t,
      ),
    ).en;
    expect(JSON.parse(view.private_metadata ?? '')).toEqual({
      c: 'C0META',
      n: ['123456', '7654321'],
      l: 'coupons',
    });
  });
});
