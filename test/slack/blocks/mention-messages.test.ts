import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/translator.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import {
  mentionOffer,
  mentionUsage,
  withoutShare,
} from '../../../src/slack/blocks/mention-messages.js';
import {
  mentionLookupValue,
  readMentionLookupValue,
} from '../../../src/slack/blocks/mention-values.js';

const HOSTILE = '@here <!channel> <@U0EVIL> <http://evil.example|click> `x`';
const value = mentionLookupValue({
  l: 'shoporders',
  a: '2201000250 page=2',
  lo: 'en',
  w: 'mention',
});

describe.each(['en', 'zh-CN'] as const)('a mention’s messages in %s', (locale) => {
  const t = translator(locale);

  it('offers a paid lookup within Block Kit limits, its typed text inert', () => {
    for (const price of [undefined, 1, 12]) {
      const offer = mentionOffer(
        {
          lookup: t('spend.op.shopOrders'),
          request: `shoporders ${HOSTILE}`,
          price,
          calls: 1,
          value,
        },
        t,
      );
      expect(checkMessage(offer)).toEqual([]);
      const json = JSON.stringify(offer);
      expect(json).not.toMatch(/<!channel>|<@U0EVIL>|<http/);
      expect(offer.text).not.toMatch(/<!channel>|<@U0EVIL>|<http/);
      const button = JSON.stringify(offer.blocks[1]);
      expect(button).toContain('qd_mention_lookup');
      if (price === undefined) expect(offer.text).toMatch(/price not known yet|价格未知/);
      else expect(button).toMatch(locale === 'en' ? `(${price} point` : `${price} 积分`);
    }
  });

  it('says how many gateway calls a price is for when it is more than one', () => {
    const offer = mentionOffer(
      { lookup: 'x', request: 'coupons 1', price: 15, calls: 5, value },
      t,
    );
    expect(offer.text).toMatch(
      locale === 'en' ? /15 points .*for 5 gateway calls/ : /共 5 次网关调用/,
    );
  });

  it('says how to ask, with both examples', () => {
    const usage = mentionUsage(t);
    expect(checkMessage(usage)).toEqual([]);
    expect(usage.text).toContain('payorder 420012405000011 898310058120001');
    expect(usage.text).toContain('shoporders 2201000250 page=2');
  });
});

describe('mention values and cards', () => {
  it('reads back what the button carries, and nothing forged', () => {
    expect(readMentionLookupValue(value)).toEqual({
      l: 'shoporders',
      a: '2201000250 page=2',
      lo: 'en',
      w: 'mention',
    });
    expect(readMentionLookupValue('{"l":"qr","a":"x","lo":"en","w":"mention"}')).toBeUndefined();
    expect(readMentionLookupValue('not json')).toBeUndefined();
  });

  it('takes Share in channel out of a card posted in the thread, and an actions block left empty', () => {
    const share = {
      type: 'button',
      action_id: 'qd_share',
      text: { type: 'plain_text', text: 's' },
    };
    const next = { ...share, action_id: 'qd_shoporders_page_next' };
    const card = withoutShare({
      text: 'card',
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: 'x' } },
        { type: 'actions', elements: [next, share] },
        { type: 'actions', elements: [share] },
      ] as never,
    });
    expect(card.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: 'x' } },
      { type: 'actions', elements: [next] },
    ]);
  });
});
