import type { types } from '@slack/bolt';
import type { Translate } from '../../i18n/translator.js';
import { button, contextLine, section } from './card-parts.js';
import { code } from './format.js';
import { ACTION } from './ids.js';
import type { SlackMessage } from './message.js';

/** The price offer a paid lookup asked by mention or direct message posts before it runs. */
export interface MentionOffer {
  /** The lookup in words ("Shop orders"). */
  lookup: string;
  /** What will be looked up, as read from the message (`shoporders 2201000250 page=2`). */
  request: string;
  /** What the lookup costs at this workspace's last price; undefined: not known yet. */
  price?: number;
  /** The gateway calls the price is for (a long coupon window takes several). */
  calls: number;
  /** The button's value (mention-values.ts). */
  value: string;
}

/** "*Shop orders*: `shoporders 2201000250` costs 5 points …" with **Look up (5 points)**. */
export function mentionOffer(o: MentionOffer, t: Translate): SlackMessage {
  const request = code(o.request, 500);
  const line =
    o.price === undefined
      ? t('mention.offer.unpriced', { lookup: o.lookup, request })
      : t('mention.offer.priced', { lookup: o.lookup, request, points: o.price, calls: o.calls });
  const label =
    o.price === undefined
      ? t('mention.offer.buttonUnpriced')
      : t('mention.offer.button', { points: o.price });
  const who = t('mention.offer.who');
  return {
    text: `${line.replace(/[*`]/g, '')} ${who}`,
    blocks: [
      section(line),
      { type: 'actions', elements: [button(ACTION.mentionLookup, label, o.value)] },
      contextLine(who),
    ],
  };
}

/** What a mention or direct message that names no lookup and no number gets. */
export function mentionUsage(t: Translate): SlackMessage {
  const text = t('mention.usage', {
    payorder: 'payorder 420012405000011 898310058120001',
    shoporders: 'shoporders 2201000250 page=2',
  });
  return { text: text.replace(/`/g, ''), blocks: [section(text)] };
}

const isShare = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { action_id?: unknown }).action_id === ACTION.share;

/**
 * A lookup's card as it is posted publicly in a thread: already in the channel, so without
 * **Share in channel** (and without an actions block that held only it).
 */
export function withoutShare(message: SlackMessage): SlackMessage {
  const blocks: types.KnownBlock[] = [];
  for (const block of message.blocks) {
    if (block.type !== 'actions') {
      blocks.push(block);
      continue;
    }
    const elements = block.elements.filter((e) => !isShare(e));
    if (elements.length > 0) blocks.push({ ...block, elements });
  }
  return { ...message, blocks };
}
