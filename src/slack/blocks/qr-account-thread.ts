import type { AccountData } from '../../gateway/operations/index.js';
import { accountCard } from './account-card.js';
import { code, ENGLISH } from './format.js';
import { escapeMrkdwn, LIMITS, mrkdwn, truncate } from './limits.js';
import type { SlackMessage } from './message.js';
import { withSandboxNote } from './sandbox-note.js';

export interface QrAccountThreadView {
  data: AccountData;
  askedBy: string;
  sessionId: string;
  /** Points operation 2 charged for this answer. */
  points: number;
  timeZone: string;
  sandbox: boolean;
}

/** The account analytics a scanned QR session unlocked, posted in the status message's thread. */
export function qrAccountThreadMessage(v: QrAccountThreadView): SlackMessage {
  const card = accountCard(v.data, { timeZone: v.timeZone, t: ENGLISH });
  const line = `Account analytics for QR session \`${code(v.sessionId, 200)}\`, loaded by <@${v.askedBy}> · cost ${v.points} points`;
  // Room for this line and the sandbox note within the message's block limit.
  const blocks = card.blocks.slice(0, LIMITS.messageBlocks - 2);
  return withSandboxNote(
    {
      text: truncate(
        `${card.text} (loaded for QR session ${escapeMrkdwn(v.sessionId)}, cost ${v.points} points)`,
        3000,
      ),
      blocks: [...blocks, { type: 'context', elements: [mrkdwn(line, LIMITS.sectionText)] }],
    },
    v.sandbox,
  );
}
