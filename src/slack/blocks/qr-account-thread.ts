import type { AccountData } from '../../gateway/operations/index.js';
import type { Translate } from '../../i18n/translator.js';
import { accountCard } from './account-card.js';
import { code } from './format.js';
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
  /** The status message's language: the thread reply is posted under it. */
  t: Translate;
}

/** The account analytics a scanned QR session unlocked, posted in the status message's thread. */
export function qrAccountThreadMessage(v: QrAccountThreadView): SlackMessage {
  const { t } = v;
  const card = accountCard(v.data, { timeZone: v.timeZone, t });
  const line = t('qr.thread.line', {
    session: code(v.sessionId, 200),
    who: `<@${v.askedBy}>`,
    points: v.points,
  });
  // Room for this line and the sandbox note within the message's block limit.
  const blocks = card.blocks.slice(0, LIMITS.messageBlocks - 2);
  return withSandboxNote(
    {
      text: truncate(
        t('qr.thread.text', {
          card: card.text,
          session: escapeMrkdwn(v.sessionId),
          points: v.points,
        }),
        3000,
      ),
      blocks: [...blocks, { type: 'context', elements: [mrkdwn(line, LIMITS.sectionText)] }],
    },
    v.sandbox,
    t,
  );
}
