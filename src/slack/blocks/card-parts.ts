import type { types } from '@slack/bolt';
import type { Translate } from '../../i18n/translator.js';
import { ENGLISH, esc } from './format.js';
import { ACTION } from './ids.js';
import { LIMITS, moreLine, mrkdwn, plain, truncate } from './limits.js';

/** What every result card takes besides its data. */
export interface CardOptions {
  /** Zone every time is rendered in (GATEWAY_TIMEZONE). */
  timeZone: string;
  /** Given for an ephemeral result: adds "Share in channel" carrying this value. */
  shareKey?: string;
  /** The user who shared the card into the channel: no buttons, a "Shared by" line instead. */
  sharedBy?: string;
  /** The language the card is rendered in (English when not given). */
  t?: Translate;
}

/** A button; `value` is the caller's key and is never cut (a cut key would act on the wrong thing). */
export function button(actionId: string, text: string, value?: string): types.Button {
  return {
    type: 'button',
    action_id: actionId,
    text: plain(text, LIMITS.buttonText),
    ...(value === undefined ? {} : { value }),
  };
}

/** "Previous"/"Next" with distinct action ids `<base>_prev` and `<base>_next` (one block needs distinct ids). */
export function pagerButtons(
  base: string,
  prevValue?: string,
  nextValue?: string,
  t: Translate = ENGLISH,
): types.Button[] {
  const out: types.Button[] = [];
  if (prevValue !== undefined) out.push(button(`${base}_prev`, t('common.previous'), prevValue));
  if (nextValue !== undefined) out.push(button(`${base}_next`, t('common.next'), nextValue));
  return out;
}

function sharedByLine(userId: string, t: Translate): string {
  // Only a real-looking user id becomes a mention; anything else is shown as inert text.
  const who = /^[UW][A-Z0-9]{2,30}$/.test(userId) ? `<@${userId}>` : esc(userId, 100);
  return t('common.sharedBy', { who });
}

/**
 * The closing blocks of a card: in a shared card only "Shared by <@U…>"; otherwise the card's own
 * buttons plus "Share in channel" when `shareKey` is given (no block at all when there is no button).
 */
export function cardFooter(opts: CardOptions, own: types.Button[]): types.KnownBlock[] {
  if (opts.sharedBy !== undefined) {
    return [
      { type: 'context', elements: [mrkdwn(sharedByLine(opts.sharedBy, opts.t ?? ENGLISH))] },
    ];
  }
  const elements = [...own];
  if (opts.shareKey !== undefined)
    elements.push(
      button(ACTION.share, (opts.t ?? ENGLISH)('button.shareInChannel'), opts.shareKey),
    );
  return elements.length > 0 ? [{ type: 'actions', elements }] : [];
}

/** The most blocks `cardFooter` can add. */
export const FOOTER_BLOCKS = 1;

/** A header block with plain text cut to the header limit. */
export function header(text: string): types.HeaderBlock {
  return {
    type: 'header',
    text: plain(text.replace(/\s+/g, ' ').trim() || '—', LIMITS.headerText),
  };
}

/** A context line of mrkdwn (already escaped by the caller). */
export function contextLine(text: string): types.ContextBlock {
  return { type: 'context', elements: [mrkdwn(text, LIMITS.sectionText)] };
}

/** A section of mrkdwn (already escaped by the caller), cut to the section limit. */
export function section(text: string): types.SectionBlock {
  return { type: 'section', text: mrkdwn(text || ' ', LIMITS.sectionText) };
}

const MORE_ROOM = 24;

/**
 * Lines packed into as few sections as fit `maxBlocks`; lines that do not fit are replaced by a
 * final "… N more" line, so a long list never breaks the message's block or text limits.
 */
export function packLines(
  lines: string[],
  maxBlocks: number,
  t: Translate = ENGLISH,
): types.SectionBlock[] {
  const room = LIMITS.sectionText - MORE_ROOM;
  const blocks: types.SectionBlock[] = [];
  let current: string[] = [];
  let length = 0;
  let used = 0;
  for (const raw of lines) {
    const line = truncate(raw, room);
    const added = current.length === 0 ? line.length : length + 1 + line.length;
    if (added > room) {
      if (blocks.length + 1 >= maxBlocks) break;
      blocks.push(section(current.join('\n')));
      current = [line];
      length = line.length;
    } else {
      current.push(line);
      length = added;
    }
    used++;
  }
  const omitted = lines.length - used;
  if (omitted > 0) current.push(moreLine(omitted, t));
  if (current.length > 0 && maxBlocks > 0) blocks.push(section(current.join('\n')));
  return blocks;
}

/** Blocks a card may use after reserving one for the sandbox note `withSandboxNote` may add. */
export const MESSAGE_BUDGET = LIMITS.messageBlocks - 1;
