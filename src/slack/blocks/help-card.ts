import type { MessageKey } from '../../i18n/catalog/en.js';
import type { Translate } from '../../i18n/translator.js';
import { mrkdwn } from './limits.js';
import type { SlackMessage } from './message.js';

export interface HelpEntry {
  name: string;
  usage: string;
  /** What the command does: the catalogue key of the command's own `help`. */
  what: MessageKey;
}

const COMMANDS_IN_HELP = {
  watch: '`/payorder watch <order_number> <merchant_num>`',
  watches: '`/payorder watches`',
};

// The ways in besides commands. The shortcut keeps the name manifest.yml gives it: Slack shows an
// app's shortcut names as declared, in every language.
const ELSEWHERE_IN_HELP = {
  shortcut: '*Look up in querydesk*',
  mention: '`@querydesk payorder <order_number> <merchant_num>`',
  config: '`/querydesk config`',
};
const ELSEWHERE: readonly MessageKey[] = [
  'help.more.shortcut',
  'help.more.mention',
  'help.more.dm',
  'help.more.approval',
];

/**
 * `/querydesk help`, in the asker's language: every command with its usage (names, option keys
 * and values as typed), the ways in besides commands (the message shortcut, mentions, direct
 * messages, approvals); sandbox examples when the sandbox answers.
 */
export function helpCard(
  entries: readonly HelpEntry[],
  t: Translate,
  examples?: string[],
): SlackMessage {
  // Commands as typed, outside the message: `<…>` would read as a tag in ICU MessageFormat.
  const what = (e: HelpEntry) => t(e.what, COMMANDS_IN_HELP);
  const lines = entries.map((e) => `• \`${e.name} ${e.usage}\`\n   ${what(e)}`);
  return {
    text: t('help.text', { names: entries.map((e) => e.name).join(', ') }),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: t('help.title') } },
      { type: 'section', text: mrkdwn(lines.join('\n'), 3000) },
      { type: 'context', elements: [mrkdwn(t('help.options'))] },
      {
        type: 'section',
        text: mrkdwn(
          `*${t('help.more.title')}*\n${ELSEWHERE.map((k) => `• ${t(k, ELSEWHERE_IN_HELP)}`).join('\n')}`,
          3000,
        ),
      },
      ...(examples?.length
        ? [
            {
              type: 'section' as const,
              text: mrkdwn(
                `*${t('help.sandbox')}*\n${examples.map((x) => `\`${x}\``).join('\n')}`,
                3000,
              ),
            },
          ]
        : []),
    ],
  };
}
