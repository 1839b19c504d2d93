import type { types } from '@slack/bolt';
import type { Translate } from '../../i18n/translator.js';
import { button, contextLine, section } from './card-parts.js';
import { esc } from './format.js';
import { ACTION } from './ids.js';
import { truncate } from './limits.js';
import { notice, type SlackMessage } from './message.js';

/** A Slack user id as a mention; anything else (never expected) as escaped text, never a link. */
export const person = (id: string) => (/^[UW][A-Z0-9]{2,30}$/.test(id) ? `<@${id}>` : esc(id, 40));
/** A channel id as a channel link; anything else as escaped text. */
export const place = (id: string) => (/^[CGD][A-Z0-9]{2,30}$/.test(id) ? `<#${id}>` : esc(id, 40));

/** Mentions and links read as plain words in a `text` fallback. */
const plainText = (s: string) =>
  s
    .replace(/<@([A-Z0-9]+)>/g, '@$1')
    .replace(/<#([A-Z0-9]+)>/g, '#$1')
    .replace(/:[a-z_]+: /g, '')
    .replace(/[*`]/g, '');

export function estimateWords(estimate: number | null | undefined, t: Translate): string {
  return estimate === undefined || estimate === null
    ? t('approvals.estimate.unknown')
    : t('count.points', { points: estimate });
}

/** What a preview shows when its work needs approval: why, and the way on (or that there is none). */
export interface ApprovalGate {
  estimate: number | undefined;
  above: number;
  /** The Ask for approval button's value; undefined when nobody but the asker could approve. */
  askValue?: string;
}

function gateLines(g: ApprovalGate, t: Translate): string {
  const needed = t('approvals.preview.needed', {
    estimate: estimateWords(g.estimate, t),
    above: g.above,
  });
  const next = g.askValue ? t('approvals.preview.ask') : t('approvals.preview.nobody');
  return `${needed}\n${next}`;
}

/** The preview's approval lines (before its buttons). */
export function gateSection(g: ApprovalGate, t: Translate): types.KnownBlock {
  return section(gateLines(g, t));
}

/** The same lines for the preview's `text` fallback. */
export function gateText(g: ApprovalGate, t: Translate): string {
  return plainText(gateLines(g, t).replace('\n', ' '));
}

/** The preview's primary button: **Ask for approval**, or none when nobody can approve. */
export function gateButtons(g: ApprovalGate, t: Translate): types.Button[] {
  return g.askValue
    ? [{ ...button(ACTION.approvalAsk, t('approvals.button.ask'), g.askValue), style: 'primary' }]
    : [];
}

export type ApprovalOutcome = 'approved' | 'refused' | 'denied' | 'withdrawn' | 'expired';

/** One approver's direct message, in their language; once decided, who decided what, no buttons. */
export function approvalDm(v: {
  requestId: string;
  asker: string;
  channel: string;
  /** What is asked for, already escaped (`approvals.what.*`). */
  what: string;
  estimate: number | null | undefined;
  /** Budget left today in points; undefined: no daily budget. */
  left: number | undefined;
  expiresAt: string;
  timeZone: string;
  decided?: { state: ApprovalOutcome; by?: string; reason?: string };
  t: Translate;
}): SlackMessage {
  const { t } = v;
  const ask = t('approvals.dm.ask', {
    asker: person(v.asker),
    what: v.what,
    channel: place(v.channel),
  });
  const left =
    v.left === undefined ? t('approvals.dm.noBudget') : t('count.points', { points: v.left });
  const cost = t('approvals.dm.estimate', { estimate: estimateWords(v.estimate, t), left });
  const blocks: types.KnownBlock[] = [section(`${ask}\n${cost}`)];
  let text = t('approvals.dm.text', { asker: person(v.asker), what: v.what });
  if (v.decided) {
    const line = decidedLine(v.decided, t);
    blocks.push(section(line));
    text = `${text} ${line}`;
  } else {
    blocks.push(
      contextLine(t('approvals.dm.expires', { at: v.expiresAt, timeZone: esc(v.timeZone, 60) })),
      {
        type: 'actions',
        elements: [
          {
            ...button(ACTION.approvalApprove, t('approvals.button.approve'), v.requestId),
            style: 'primary',
          },
          {
            ...button(ACTION.approvalDeny, t('approvals.button.deny'), v.requestId),
            style: 'danger',
          },
        ],
      },
    );
  }
  return { text: truncate(plainText(text), 3000), blocks };
}

function decidedLine(d: { state: ApprovalOutcome; by?: string; reason?: string }, t: Translate) {
  const who = person(d.by ?? '');
  const reason = esc(d.reason ?? '', 600);
  return t(`approvals.decided.${d.state}`, { who, reason });
}

/** The asker's private answer once the request is sent: to whom, and **Withdraw**. */
export function approvalAsked(v: {
  requestId: string;
  approvers: readonly string[];
  t: Translate;
}): SlackMessage {
  const shown = v.approvers.slice(0, 20).map(person);
  const more = v.approvers.length > 20 ? ` +${v.approvers.length - 20}` : '';
  const line = v.t('approvals.asked', { approvers: `${shown.join(', ')}${more}` });
  return {
    text: truncate(plainText(line), 3000),
    blocks: [
      section(line),
      {
        type: 'actions',
        elements: [button(ACTION.approvalWithdraw, v.t('approvals.button.withdraw'), v.requestId)],
      },
    ],
  };
}

/** What the asker is told of the decision, in their language. */
export function approvalOutcome(v: {
  state: ApprovalOutcome;
  by: string;
  what: string;
  reason?: string;
  t: Translate;
}): SlackMessage {
  const line = v.t(`approvals.asker.${v.state}`, {
    who: person(v.by),
    what: v.what,
    reason: esc(v.reason ?? '', 600),
  });
  return { ...notice(line), text: truncate(plainText(line), 3000) };
}
