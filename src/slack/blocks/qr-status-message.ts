import type { types } from '@slack/bolt';
import { qrStateWord } from '../../gateway/operations/qr-status.js';
import { instantToWallClock } from '../../gateway/time.js';
import { esc } from './format.js';
import { ACTION, QR_ACTION } from './ids.js';
import { escapeMrkdwn, LIMITS, mrkdwn, plain, truncate } from './limits.js';
import type { SlackMessage } from './message.js';
import { newCodeValue } from './qr-button-values.js';
import { withSandboxNote } from './sandbox-note.js';

export type QrViewState = 1 | 2 | 3;
export type QrViewWatch = 'watching' | 'done' | 'timed_out';

/** Everything the status message shows; the watcher builds it from the stored session. */
export interface QrStatusView {
  mediaMark: string;
  landingPage: string | null;
  sessionId: string;
  url: string;
  askedBy: string;
  state: QrViewState;
  watch: QrViewWatch;
  createdAt: Date;
  lastCheckedAt: Date | null;
  checksMade: number;
  /** Points this session has cost so far: its creation and every check. */
  pointsCharged: number;
  /** Points the gateway returned for an expired code, when the ledger holds the refund. */
  refundedPoints?: number;
  /** What operation 2 cost last time, for the button's label; undefined if unknown. */
  accountCharge?: number;
  timeZone: string;
  sandbox: boolean;
}

function when(instant: Date, timeZone: string): string {
  return `${instantToWallClock(instant, timeZone)} (${timeZone})`;
}

function stateLine(v: QrStatusView): string {
  if (v.state === 2) return ':white_check_mark: *scanned*: the account has logged in.';
  if (v.state === 3) {
    const points = v.refundedPoints === undefined ? 'The points' : `The ${v.refundedPoints} points`;
    return `:x: *expired*: this QR code can no longer be scanned. ${points} it cost were refunded.`;
  }
  if (v.watch === 'timed_out') {
    return ':double_vertical_bar: *not scanned*: the watch ended without a scan. The code may still work; *Check again* looks once more.';
  }
  return ':hourglass_flowing_sand: *not scanned*: scan the QR code with the account’s app. This message changes by itself.';
}

function button(text: string, actionId: string, extra: Partial<types.Button> = {}): types.Button {
  return { type: 'button', action_id: actionId, text: plain(text, LIMITS.buttonText), ...extra };
}

function openLink(url: string): types.Button {
  return button('Open link', ACTION.openLink, { url: truncate(url, LIMITS.url) });
}

function actions(v: QrStatusView): types.Button[] {
  if (v.state === 2) {
    const price = v.accountCharge === undefined ? 'paid' : `${v.accountCharge} pts`;
    return [
      button(`Load account analytics (${price})`, QR_ACTION.loadAccount, {
        value: v.sessionId,
        style: 'primary',
      }),
    ];
  }
  if (v.state === 3) {
    const args = { mediaMark: v.mediaMark, landingPage: v.landingPage ?? undefined };
    return [button('New QR code', QR_ACTION.newCode, { value: newCodeValue(args) })];
  }
  if (v.watch === 'timed_out') {
    return [button('Check again', QR_ACTION.checkAgain, { value: v.sessionId }), openLink(v.url)];
  }
  // A session id too long for a button value (never seen) leaves only the watcher to see the scan.
  const scanned =
    v.sessionId.length <= LIMITS.buttonValue
      ? [button("I've scanned it", QR_ACTION.scanned, { value: v.sessionId, style: 'primary' })]
      : [];
  return [...scanned, openLink(v.url)];
}

/** The live status message of one QR session, in every state. */
export function qrStatusMessage(v: QrStatusView): SlackMessage {
  const word = qrStateWord(v.state);
  const mark = escapeMrkdwn(truncate(v.mediaMark, 200));
  const checked = v.lastCheckedAt ? when(v.lastCheckedAt, v.timeZone) : 'not yet';
  const field = (label: string, value: string) => mrkdwn(`*${label}*\n${value}`, LIMITS.fieldText);
  const watchWords =
    v.watch === 'watching' ? 'watching' : v.watch === 'done' ? 'done' : 'watch ended';
  const blocks: types.KnownBlock[] = [
    {
      type: 'section',
      text: mrkdwn(`*QR login for ${mark}*\n${stateLine(v)}`, LIMITS.sectionText),
    },
    {
      type: 'section',
      fields: [
        field('Account', mark),
        field('Asked by', askedByText(v.askedBy)),
        field('Session', `\`${escapeMrkdwn(truncate(v.sessionId, 200))}\``),
        field(
          'Landing page',
          v.landingPage ? escapeMrkdwn(truncate(v.landingPage, 200)) : 'default',
        ),
        field('State', `${word} (${watchWords})`),
        field('Last checked', checked),
      ],
    },
    {
      type: 'context',
      elements: [
        mrkdwn(
          `${v.checksMade} status ${v.checksMade === 1 ? 'check' : 'checks'} · ${v.pointsCharged} points charged · created ${when(v.createdAt, v.timeZone)}`,
          LIMITS.sectionText,
        ),
      ],
    },
    { type: 'actions', elements: actions(v) },
  ];
  const ended = v.watch === 'timed_out' ? ', watch ended' : '';
  // Escaped like the blocks: the mark, session and link come from input and the gateway.
  const text = esc(
    `QR login for ${v.mediaMark}: ${word}${ended} (session ${v.sessionId}, last checked ${checked}). Link: ${v.url}`,
    LIMITS.updateText - 20,
  );
  return withSandboxNote({ text, blocks }, v.sandbox);
}

/** Who asked: a mention, or "a workflow" for a workflow step run without a person. */
function askedByText(userId: string): string {
  return userId ? `<@${userId}>` : 'a workflow';
}

/** Posted before the gateway is asked, so a bot missing from the channel costs no points. */
export function qrCreatingMessage(
  mediaMark: string,
  askedBy: string,
  sandbox: boolean,
): SlackMessage {
  const mark = escapeMrkdwn(truncate(mediaMark, 200));
  return withSandboxNote(
    {
      text: esc(`Creating a QR login code for ${mediaMark}…`, LIMITS.updateText - 20),
      blocks: [
        {
          type: 'section',
          text: mrkdwn(
            `:hourglass_flowing_sand: Creating a QR login code for *${mark}* (asked by ${askedByText(askedBy)})…`,
            LIMITS.sectionText,
          ),
        },
      ],
    },
    sandbox,
  );
}

/** Why the QR code could not be posted in a channel the bot is not in, and how to fix that. */
export function qrInviteMessage(opts: { error: string; charged: boolean }): SlackMessage {
  const cost = opts.charged
    ? 'The QR session was created and its link is in the status message, but the image could not be shared.'
    : 'Nothing was charged.';
  const body = `querydesk is not a member of this channel (Slack said \`${escapeMrkdwn(opts.error)}\`), so it cannot post the QR code here. Invite it with \`/invite @querydesk\` and run \`/qr\` again. ${cost}`;
  return {
    text: truncate(
      `querydesk is not in this channel. Invite it with /invite @querydesk, then run /qr again. ${cost}`,
      3000,
    ),
    blocks: [
      {
        type: 'section',
        text: mrkdwn(`*:wave: Invite querydesk first*\n${body}`, LIMITS.sectionText),
      },
    ],
  };
}
