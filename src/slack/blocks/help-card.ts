import { mrkdwn } from './limits.js';
import type { SlackMessage } from './message.js';

export interface HelpEntry {
  name: string;
  usage: string;
  what: string;
}

/** `/querydesk help`: every command with its usage; sandbox examples when the sandbox answers. */
export function helpCard(entries: HelpEntry[], examples?: string[]): SlackMessage {
  const lines = entries.map((e) => `• \`${e.name} ${e.usage}\`\n   ${e.what}`);
  return {
    text: `querydesk commands: ${entries.map((e) => e.name).join(', ')}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: 'querydesk commands' } },
      { type: 'section', text: mrkdwn(lines.join('\n'), 3000) },
      {
        type: 'context',
        elements: [
          mrkdwn(
            'Options are `key=value`; quote values with spaces. Dates are `YYYY-MM-DD`. Page numbers start at 1. A command with no arguments opens a form.',
          ),
        ],
      },
      ...(examples?.length
        ? [
            {
              type: 'section' as const,
              text: mrkdwn(
                `*Try these against the sandbox:*\n${examples.map((x) => `\`${x}\``).join('\n')}`,
                3000,
              ),
            },
          ]
        : []),
    ],
  };
}
