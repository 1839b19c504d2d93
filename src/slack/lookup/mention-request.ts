import type { z } from 'zod';
import type { OperationName } from '../../gateway/operations/index.js';
import { ArgsError, type Command } from '../args/index.js';
import { checkTypedText } from '../args/input-rules.js';
import { MESSAGE_LOOKUPS, type MessageLookupName } from '../blocks/values.js';
import { account } from '../commands/account.js';
import { commandParser, perKey } from '../commands/arg-rules.js';
import type { CommandName, LookupCommand } from '../commands/command.js';
import { coupons } from '../commands/coupons.js';
import { payorder } from '../commands/payorder.js';
import { punishments } from '../commands/punishments.js';
import { shoporders } from '../commands/shoporders.js';
import { numbersInMessage, suggestedLookup } from './message-numbers.js';

type AnyLookup = LookupCommand<CommandName, z.ZodType>;

/** Each lookup a message can ask for: its slash command (rules, card, work) and its operation. */
export const MENTION_LOOKUPS = {
  payorder: { command: payorder, operation: 'payOrder' },
  shoporders: { command: shoporders, operation: 'shopOrders' },
  account: { command: account, operation: 'accountData' },
  coupons: { command: coupons, operation: 'coupons' },
  punishments: { command: punishments, operation: 'punishments' },
} as const satisfies Record<MessageLookupName, { command: AnyLookup; operation: OperationName }>;

/**
 * Longest message read for its numbers: Slack allows 40,000 characters; a question about an
 * order is a few lines. Past it the message is refused, naming the length, and nothing is called.
 */
export const MAX_MENTION_TEXT = 4000;

/** What a mention or direct message asks. */
export type MentionRequest =
  | { kind: 'usage' }
  | { kind: 'refused'; error: ArgsError }
  | { kind: 'run'; lookup: MessageLookupName; text: string; args: unknown };

/** A lookup's parser (its slash command's own), built once per time zone. */
const parsers = perKey((key) => {
  const [word, timeZone] = key.split('\u0000') as [MessageLookupName, string];
  return commandParser(MENTION_LOOKUPS[word].command as AnyLookup, timeZone) as Command<z.ZodType>;
});

/**
 * `text` (a lookup's arguments) read by its slash command's own rules; a refusal shows the usage
 * as it is written here: the lookup's word without the slash.
 */
export function parseLookup(
  lookup: MessageLookupName,
  text: string,
  timeZone: string,
): MentionRequest {
  const command = MENTION_LOOKUPS[lookup].command as AnyLookup;
  try {
    const args = parsers(`${lookup}\u0000${timeZone}`).parse(text);
    return { kind: 'run', lookup, text: text.trim(), args };
  } catch (err) {
    if (!(err instanceof ArgsError)) throw err;
    return { kind: 'refused', error: err.withUsage(`${lookup} ${command.usage}`) };
  }
}

/** The text with every mention of the bot taken out (`<@U…>`, `<@U…|name>`). */
function withoutBot(text: string, botUserId: string | undefined): string {
  if (!botUserId) return text;
  return text.replace(new RegExp(`<@${botUserId}(?:\\|[^>]*)?>`, 'g'), ' ');
}

const isLookupWord = (w: string): w is MessageLookupName =>
  (MESSAGE_LOOKUPS as readonly string[]).includes(w);

/**
 * What a message says to the bot: a lookup's word (a slash allowed) and its arguments, read by
 * that command's rules; else its numbers as the message shortcut reads them (two or more: a
 * payment order, one: a shop's orders); else nothing it can look up (the usage).
 */
export function readMentionText(
  message: { text?: string; blocks?: unknown },
  botUserId: string | undefined,
  timeZone: string,
): MentionRequest {
  const said = withoutBot(message.text ?? '', botUserId).trim();
  const first = /^\/?([A-Za-z]+)(?=\s|$)([\s\S]*)$/.exec(said);
  const word = first?.[1]?.toLowerCase();
  if (first && word && isLookupWord(word)) return parseLookup(word, first[2] ?? '', timeZone);
  try {
    checkTypedText(said, { key: 'mention.what.message' }, MAX_MENTION_TEXT);
  } catch (err) {
    if (err instanceof ArgsError) return { kind: 'refused', error: err };
    throw err;
  }
  const found = suggestedLookup(numbersInMessage({ text: said, blocks: message.blocks }));
  if (found.command === 'payorder') {
    return parseLookup('payorder', `${found.orderNumber} ${found.merchantNum}`, timeZone);
  }
  if (found.command === 'shoporders') return parseLookup('shoporders', found.ownerId, timeZone);
  return { kind: 'usage' };
}
