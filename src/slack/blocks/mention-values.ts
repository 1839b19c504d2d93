import { z } from 'zod';
import { LOCALES } from '../../i18n/locales.js';
import { decoder, MessageLookupName } from './values.js';

/**
 * What **Look up (N points)** carries: the lookup (a mention or a direct message asks for the ones
 * the message shortcut offers, by the same names), its arguments as read from the message (at most
 * a command text's length), the language the offer was posted in (the card keeps it) and where it
 * was asked.
 */
const MentionLookupValue = z.strictObject({
  l: MessageLookupName,
  a: z.string().max(1000),
  lo: z.enum(LOCALES),
  /** Where it was asked, for the audit: a mention or a direct message. */
  w: z.enum(['mention', 'direct message']),
});
export type MentionLookupValue = z.infer<typeof MentionLookupValue>;

export const mentionLookupValue = (v: MentionLookupValue) =>
  JSON.stringify(MentionLookupValue.parse(v));
export const readMentionLookupValue = decoder(MentionLookupValue);
