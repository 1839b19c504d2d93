import { GatewayApiError, GatewayError, GatewayInputError } from '../../gateway/errors.js';
import { gatewayErrorText } from '../../i18n/gateway-error-text.js';
import type { Translate } from '../../i18n/translator.js';
import { ArgsError, refusalCard } from './args-error.js';
import { ENGLISH } from './format.js';
import { ACTION } from './ids.js';
import { escapeMrkdwn, mrkdwn, plain, truncate } from './limits.js';
import type { SlackMessage } from './message.js';

/** A refusal's words in one language. */
export type RefusalWords = (t: Translate) => { title: string; detail: string };

/**
 * A refusal of ours (budget, missing setting) with words for a person. Given `words`, the card
 * renders them in the reader's language; `title` and `detail` are then the English ones (logs).
 */
export class UserFacingError extends Error {
  constructor(
    readonly title: string,
    readonly detail: string,
    readonly words?: RefusalWords,
    /** What kind of refusal it is, for code that acts on it (never its words). */
    readonly kind?: 'budget',
  ) {
    super(`${title}: ${detail}`);
    this.name = 'UserFacingError';
  }
}

/** A refusal written once as catalogue words, readable in every language. */
export function refusal(words: RefusalWords, kind?: 'budget'): UserFacingError {
  const english = words(ENGLISH);
  return new UserFacingError(english.title, english.detail, words, kind);
}

function gatewayCard(err: GatewayError, t: Translate): SlackMessage {
  const { meaning, remedy } = gatewayErrorText(t, err);
  const title = `:x: ${err.code !== undefined ? t('lookup.error.code', { meaning, code: err.code }) : meaning}`;
  const what = t('lookup.error.whatToDo', { remedy: escapeMrkdwn(remedy) });
  const cost = err.charged ? ` · ${t('lookup.error.cost', { points: err.charged })}` : '';
  const ref = `${t('lookup.error.requestId', { id: `\`${err.requestId}\`` })}${cost}`;
  const message = card(title, what, ref);
  if (err instanceof GatewayApiError && err.reason === 'unauthorized-shop' && err.authUrl) {
    message.blocks.push({
      type: 'actions',
      elements: [
        {
          type: 'button',
          action_id: ACTION.authorize,
          text: plain(t('lookup.error.authorize')),
          style: 'primary',
          url: truncate(err.authUrl, 3000),
        },
      ],
    });
    message.text += ` ${t('lookup.error.authorizeText', { url: escapeMrkdwn(err.authUrl) })}`;
  }
  return message;
}

/**
 * Any failure → a card with its meaning and remedy in the reader's language (`t`). Never a stack
 * trace or a raw body; the gateway's own `msg` and what a person typed stay as they came.
 */
export function errorCard(err: unknown, t: Translate, usage?: string): SlackMessage {
  if (err instanceof ArgsError) return refusalCard(err, t, usage?.replace(/^Usage: /, ''));
  if (err instanceof GatewayInputError) {
    return card(
      `:warning: ${t('lookup.error.input')}`,
      escapeMrkdwn(err.meaning),
      usage ? `\`${escapeMrkdwn(usage)}\`` : undefined,
    );
  }
  if (err instanceof UserFacingError) {
    const { title, detail } = err.words ? err.words(t) : err;
    return card(`:no_entry: ${title}`, escapeMrkdwn(detail));
  }
  if (err instanceof GatewayError) return gatewayCard(err, t);
  return card(`:x: ${t('lookup.error.unknown.title')}`, t('lookup.error.unknown.detail'));
}

function card(title: string, body: string, footer?: string): SlackMessage {
  const plainTitle = title.replace(/:[a-z_]+: /, '');
  return {
    text: truncate(
      `${plainTitle}. ${[body, footer].filter(Boolean).join(' ').replace(/[*`]/g, '')}`,
      3000,
    ),
    blocks: [
      { type: 'section', text: mrkdwn(`*${escapeMrkdwn(title)}*\n${body}`, 3000) },
      ...(footer ? [{ type: 'context' as const, elements: [mrkdwn(footer, 3000)] }] : []),
    ],
  };
}
