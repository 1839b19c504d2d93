import type { types } from '@slack/bolt';

/** What every builder returns: blocks plus the plain-text fallback Slack requires. */
export interface SlackMessage {
  text: string;
  blocks: types.KnownBlock[];
}

/** Who asked, where; passed from the Slack request to builders that mention people. */
export interface Asker {
  teamId: string;
  userId: string;
  channelId: string;
}

/** A one-line notice as a message: the same words as text fallback and as a section. */
export function notice(text: string): SlackMessage {
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
}
