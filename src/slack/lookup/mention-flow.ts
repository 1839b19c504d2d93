import type { WebClient } from '@slack/web-api';
import type { z } from 'zod';
import { operations } from '../../gateway/operations/index.js';
import type { Locale } from '../../i18n/locales.js';
import { type Translate, translator } from '../../i18n/translator.js';
import { lastCharge } from '../../ledger/last-charge.js';
import { ledgerNamesOf } from '../../subscriptions/ledger-name.js';
import { ArgsError, refusalCard } from '../blocks/args-error.js';
import { errorCard } from '../blocks/error-card.js';
import { maskPhone } from '../blocks/format.js';
import { LIMITS } from '../blocks/limits.js';
import { mentionOffer, mentionUsage, withoutShare } from '../blocks/mention-messages.js';
import { mentionLookupValue } from '../blocks/mention-values.js';
import type { Asker, SlackMessage } from '../blocks/message.js';
import { operationWord } from '../blocks/operation-words.js';
import type { MessageLookupName } from '../blocks/values.js';
import type { CommandName, LookupCommand } from '../commands/command.js';
import type { SlackDeps } from '../context.js';
import { finish } from '../delivery/finish.js';
import { withSlackRateLimit } from '../delivery/rate-limit.js';
import { slackErrorKind } from '../delivery/slack-errors.js';
import { type CouponsArgs, splitWindows } from './coupons-pages.js';
import { MENTION_LOOKUPS, type MentionRequest } from './mention-request.js';

/** Where a mention or direct message is answered, and who asked. */
export interface MentionPlace {
  teamId: string;
  userId: string;
  channelId: string;
  /** The thread a mention is answered in; absent for a direct message (answered in place). */
  threadTs?: string;
  /** The audit's origin: where it was asked. */
  origin: 'mention' | 'direct message';
  /** The workspace's language (a mention) or the person's (a direct message). */
  locale: Locale;
}

/**
 * A lookup asked in a message, run as its slash command would (its rules, price, budget, who may
 * spend, audit) as `who`; the card as posted publicly (no **Share in channel**), or the error
 * card, in `who`'s language.
 */
export async function runMentionLookup(
  deps: SlackDeps,
  client: WebClient,
  who: Asker & { locale: Locale },
  lookup: MessageLookupName,
  args: unknown,
): Promise<SlackMessage> {
  const command = MENTION_LOOKUPS[lookup].command as LookupCommand<CommandName, z.ZodType>;
  const t = translator(who.locale);
  try {
    return finish(deps, withoutShare(await command.run(deps, args, who, client)), t);
  } catch (err) {
    deps.logger.warn({ err, lookup, team: who.teamId }, 'mention lookup failed');
    return finish(deps, errorCard(err, t, `${lookup} ${command.usage}`), t);
  }
}

/** The 7-day calls a coupon window takes (no window, or one end alone: one). */
function couponCalls(args: CouponsArgs): number {
  return args.start && args.end ? splitWindows(args.start, args.end).length : 1;
}

/** The paid lookup's offer: its price and **Look up (N points)**, which runs it (mention-click). */
async function offer(
  deps: SlackDeps,
  place: MentionPlace,
  request: Extract<MentionRequest, { kind: 'run' }>,
  t: Translate,
): Promise<SlackMessage> {
  const operation = MENTION_LOOKUPS[request.lookup].operation;
  const value = mentionLookupValue({
    l: request.lookup,
    a: request.text,
    lo: place.locale,
    w: place.origin,
  });
  if (value.length > LIMITS.buttonValue) {
    const values = { what: { key: 'mention.what.message' } as const, length: `${value.length}` };
    const tooLong = { key: 'help.refusal.tooLong', values: { ...values, max: '2000' } } as const;
    return refusalCard(new ArgsError(tooLong), t);
  }
  // With the store away the offer still goes out, its price "not known yet".
  const each = await lastCharge(deps.store.db, place.teamId, ledgerNamesOf(operation)).catch(
    () => undefined,
  );
  const calls = request.lookup === 'coupons' ? couponCalls(request.args as CouponsArgs) : 1;
  const price = each === undefined ? undefined : each * calls;
  const lookup = operationWord(operation, t);
  // Shown as typed: Slack's escaping undone (the builder escapes it again, for mrkdwn), and a
  // phone number masked as every card masks it.
  const typed = request.text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\b(phone=)(\S+)/gi, (_, key: string, phone: string) => key + maskPhone(phone, t));
  return mentionOffer({ lookup, request: `${request.lookup} ${typed}`, price, calls, value }, t);
}

/**
 * The one answer to a mention (in its thread) or a direct message (in the conversation): the free
 * payment-order lookup at once, a paid one's offer, the refusal of bad arguments, or the usage.
 * Nothing reaches the gateway before a paid lookup's click, nor for bad arguments.
 */
export async function answerMention(
  deps: SlackDeps,
  client: WebClient,
  place: MentionPlace,
  request: MentionRequest,
): Promise<void> {
  const t = translator(place.locale);
  let message: SlackMessage;
  if (request.kind === 'usage') message = finish(deps, mentionUsage(t), t);
  else if (request.kind === 'refused') message = finish(deps, refusalCard(request.error, t), t);
  else if (!operations[MENTION_LOOKUPS[request.lookup].operation].paid) {
    const who = { ...place, origin: `${place.origin} ${request.lookup}` };
    message = await runMentionLookup(deps, client, who, request.lookup, request.args);
  } else message = finish(deps, await offer(deps, place, request, t), t);
  try {
    await withSlackRateLimit(() =>
      client.chat.postMessage({
        channel: place.channelId,
        ...(place.threadTs ? { thread_ts: place.threadTs } : {}),
        ...message,
      }),
    );
  } catch (err) {
    deps.logger.warn({ err, team: place.teamId }, 'mention answer not posted');
    deps.metrics.slackErrors.inc({ method: 'chat.postMessage', error: slackErrorKind(err) });
  }
}
