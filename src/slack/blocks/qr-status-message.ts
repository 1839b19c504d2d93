import type { types } from '@slack/bolt';
import { instantToWallClock } from '../../gateway/time.js';
import type { Translate } from '../../i18n/translator.js';
import { qrStateText } from '../../i18n/words.js';
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
  /** The language the message was posted in (edits keep it). */
  t: Translate;
}

function when(instant: Date, timeZone: string): string {
  return `${instantToWallClock(instant, timeZone)} (${timeZone})`;
}

function stateLine(v: QrStatusView): string {
  const { t } = v;
  const state = qrStateText(t, v.state);
  if (v.state === 2) return t('qr.line.scanned', { state });
  if (v.state === 3) {
    const refund =
      v.refundedPoints === undefined
        ? t('qr.line.refunded')
        : t('qr.line.refundedPoints', { points: v.refundedPoints });
    return t('qr.line.expired', { state, refund });
  }
  if (v.watch === 'timed_out') {
    return t('qr.line.timedOut', { state, checkAgain: t('qr.button.checkAgain') });
  }
  return t('qr.line.watching', { state });
}

function button(text: string, actionId: string, extra: Partial<types.Button> = {}): types.Button {
  return { type: 'button', action_id: actionId, text: plain(text, LIMITS.buttonText), ...extra };
}

function openLink(url: string, t: Translate): types.Button {
  return button(t('qr.button.openLink'), ACTION.openLink, { url: truncate(url, LIMITS.url) });
}

function actions(v: QrStatusView): types.Button[] {
  const { t } = v;
  if (v.state === 2) {
    const label =
      v.accountCharge === undefined
        ? t('qr.button.loadAccountPaid')
        : t('qr.button.loadAccount', { points: v.accountCharge });
    return [button(label, QR_ACTION.loadAccount, { value: v.sessionId, style: 'primary' })];
  }
  if (v.state === 3) {
    const args = { mediaMark: v.mediaMark, landingPage: v.landingPage ?? undefined };
    return [button(t('qr.button.newCode'), QR_ACTION.newCode, { value: newCodeValue(args) })];
  }
  if (v.watch === 'timed_out') {
    return [
      button(t('qr.button.checkAgain'), QR_ACTION.checkAgain, { value: v.sessionId }),
      openLink(v.url, t),
    ];
  }
  // A session id too long for a button value (never seen) leaves only the watcher to see the scan.
  const scanned =
    v.sessionId.length <= LIMITS.buttonValue
      ? [
          button(t('qr.button.scanned'), QR_ACTION.scanned, {
            value: v.sessionId,
            style: 'primary',
          }),
        ]
      : [];
  return [...scanned, openLink(v.url, t)];
}

const WATCH_WORD = {
  watching: 'qr.watch.watching',
  done: 'qr.watch.done',
  timed_out: 'qr.watch.ended',
} as const;

/** The live status message of one QR session, in every state. */
export function qrStatusMessage(v: QrStatusView): SlackMessage {
  const { t } = v;
  const word = qrStateText(t, v.state);
  const mark = escapeMrkdwn(truncate(v.mediaMark, 200));
  const checked = v.lastCheckedAt ? when(v.lastCheckedAt, v.timeZone) : t('qr.notYet');
  const field = (label: string, value: string) => mrkdwn(`*${label}*\n${value}`, LIMITS.fieldText);
  const blocks: types.KnownBlock[] = [
    {
      type: 'section',
      text: mrkdwn(`*${t('qr.title', { mark })}*\n${stateLine(v)}`, LIMITS.sectionText),
    },
    {
      type: 'section',
      fields: [
        field(t('qr.field.account'), mark),
        field(t('qr.field.askedBy'), askedByText(v.askedBy, t)),
        field(t('qr.field.session'), `\`${escapeMrkdwn(truncate(v.sessionId, 200))}\``),
        field(
          t('qr.field.landingPage'),
          v.landingPage ? escapeMrkdwn(truncate(v.landingPage, 200)) : t('qr.landingDefault'),
        ),
        field(t('qr.field.state'), `${word} (${t(WATCH_WORD[v.watch])})`),
        field(t('qr.field.lastChecked'), checked),
      ],
    },
    {
      type: 'context',
      elements: [
        mrkdwn(
          t('qr.context', {
            checks: v.checksMade,
            points: v.pointsCharged,
            created: when(v.createdAt, v.timeZone),
          }),
          LIMITS.sectionText,
        ),
      ],
    },
    { type: 'actions', elements: actions(v) },
  ];
  const ended = v.watch === 'timed_out' ? 'yes' : 'no';
  // Escaped like the blocks: the mark, session and link come from input and the gateway.
  const text = esc(
    t('qr.text', {
      mark: v.mediaMark,
      state: word,
      ended,
      session: v.sessionId,
      checked,
      url: v.url,
    }),
    LIMITS.updateText - 20,
  );
  return withSandboxNote({ text, blocks }, v.sandbox, t);
}

/** Who asked: a mention, or "a workflow" for a workflow step run without a person. */
function askedByText(userId: string, t: Translate): string {
  return userId ? `<@${userId}>` : t('qr.askedByWorkflow');
}

/** Posted before the gateway is asked, so a bot missing from the channel costs no points. */
export function qrCreatingMessage(
  mediaMark: string,
  askedBy: string,
  sandbox: boolean,
  t: Translate,
): SlackMessage {
  const mark = escapeMrkdwn(truncate(mediaMark, 200));
  return withSandboxNote(
    {
      text: esc(t('qr.creating.text', { mark: mediaMark }), LIMITS.updateText - 20),
      blocks: [
        {
          type: 'section',
          text: mrkdwn(
            t('qr.creating.body', { mark, who: askedByText(askedBy, t) }),
            LIMITS.sectionText,
          ),
        },
      ],
    },
    sandbox,
    t,
  );
}

/** Why the QR code could not be posted in a channel the bot is not in, and how to fix that. */
export function qrInviteMessage(opts: {
  error: string;
  charged: boolean;
  t: Translate;
  /** A workflow step's refusal says to run the workflow again rather than /qr. */
  again?: 'qr' | 'workflow';
}): SlackMessage {
  const { t } = opts;
  const cost = opts.charged ? t('qr.invite.charged') : t('qr.invite.free');
  const again = t(opts.again === 'workflow' ? 'qr.invite.againWorkflow' : 'qr.invite.againQr');
  const body = t('qr.invite.body', { error: escapeMrkdwn(opts.error), cost });
  return {
    text: truncate(t('qr.invite.text', { again, cost }), 3000),
    blocks: [
      {
        type: 'section',
        text: mrkdwn(`*${t('qr.invite.title')}*\n${body}`, LIMITS.sectionText),
      },
    ],
  };
}
