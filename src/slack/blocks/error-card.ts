import { GatewayApiError, GatewayError, GatewayInputError } from '../../gateway/errors.js';
import { ArgsError } from './args-error.js';
import { ACTION } from './ids.js';
import { escapeMrkdwn, mrkdwn, plain, truncate } from './limits.js';
import type { SlackMessage } from './message.js';

/** A refusal of ours (budget, missing setting) with words for a person. */
export class UserFacingError extends Error {
  constructor(
    readonly title: string,
    readonly detail: string,
  ) {
    super(`${title}: ${detail}`);
    this.name = 'UserFacingError';
  }
}

/** Any failure → a card with its meaning and remedy. Never a stack trace or a raw body. */
export function errorCard(err: unknown, usage?: string): SlackMessage {
  if (err instanceof ArgsError) {
    const use = err.usage ?? usage;
    return card(
      ':warning: That command needs a fix',
      escapeMrkdwn(err.message),
      use ? `\`${escapeMrkdwn(use)}\`` : undefined,
    );
  }
  if (err instanceof GatewayInputError) {
    return card(
      ':warning: That input is not valid',
      escapeMrkdwn(err.meaning),
      usage ? `\`${escapeMrkdwn(usage)}\`` : undefined,
    );
  }
  if (err instanceof UserFacingError)
    return card(`:no_entry: ${err.title}`, escapeMrkdwn(err.detail));
  if (err instanceof GatewayError) {
    const code = err.code !== undefined ? ` (code ${err.code})` : '';
    const title = `:x: ${err.meaning}${code}`;
    const remedy = `*What to do:* ${escapeMrkdwn(err.remedy)}`;
    const ref = `Request id \`${err.requestId}\`${err.charged ? ` · this answer cost ${err.charged} points` : ''}`;
    const message = card(title, remedy, ref);
    if (err instanceof GatewayApiError && err.reason === 'unauthorized-shop' && err.authUrl) {
      message.blocks.push({
        type: 'actions',
        elements: [
          {
            type: 'button',
            action_id: ACTION.authorize,
            text: plain('Authorize'),
            style: 'primary',
            url: truncate(err.authUrl, 3000),
          },
        ],
      });
      message.text += ` Authorize: ${escapeMrkdwn(err.authUrl)}`;
    }
    return message;
  }
  return card(
    ':x: Something went wrong',
    'querydesk could not finish this request. It has been logged; try again in a moment.',
  );
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
