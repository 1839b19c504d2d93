import type { Translate } from '../../i18n/translator.js';
import { mrkdwn } from './limits.js';
import type { SlackMessage } from './message.js';

/** Every message says "sandbox" while the embedded sandbox serves the calls, in its reader's language. */
export function withSandboxNote(
  message: SlackMessage,
  sandbox: boolean,
  t: Translate,
): SlackMessage {
  if (!sandbox) return message;
  const blocks = message.blocks.length >= 50 ? message.blocks.slice(0, 49) : message.blocks;
  return {
    text: `${message.text} ${t('lookup.sandbox.short')}`,
    blocks: [
      ...blocks,
      { type: 'context', elements: [mrkdwn(`:test_tube: ${t('lookup.sandbox.note')}`)] },
    ],
  };
}
