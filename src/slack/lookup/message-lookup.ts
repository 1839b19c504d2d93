import type { types } from '@slack/bolt';
import type { z } from 'zod';
import type { Translate } from '../../i18n/translator.js';
import { messageLookupModal } from '../blocks/message-lookup-modal.js';
import type { MessageLookupMeta, MessageLookupName } from '../blocks/values.js';
import { account } from '../commands/account.js';
import type { CommandModal, CommandName, LookupCommand } from '../commands/command.js';
import { coupons } from '../commands/coupons.js';
import { payorder } from '../commands/payorder.js';
import { punishments } from '../commands/punishments.js';
import { shoporders } from '../commands/shoporders.js';
import { suggestedLookup } from './message-numbers.js';

export type FormedLookup = LookupCommand<CommandName, z.ZodType> & { modal: CommandModal };

/** The lookups the message shortcut offers, by the "Lookup" select's option value. */
export const MESSAGE_LOOKUP_COMMANDS = {
  payorder,
  shoporders,
  account,
  coupons,
  punishments,
} satisfies Record<MessageLookupName, FormedLookup>;

/** The lookup a message's numbers start the modal on: shop orders for one, else payment order. */
export function startingLookup(numbers: readonly string[]): MessageLookupName {
  return suggestedLookup(numbers).command === 'shoporders' ? 'shoporders' : 'payorder';
}

/**
 * The form's first values from the message's numbers: the payment order takes the first two as
 * order and merchant number; any other lookup's first argument takes the first.
 */
export function initialFromNumbers(
  lookup: MessageLookupName,
  numbers: readonly string[],
): Record<string, string> {
  const suggested = suggestedLookup(numbers);
  if (lookup === 'payorder' && suggested.command === 'payorder')
    return { order_number: suggested.orderNumber, merchant_num: suggested.merchantNum };
  const first = MESSAGE_LOOKUP_COMMANDS[lookup].positionals[0];
  return first && numbers[0] !== undefined ? { [first]: numbers[0] } : {};
}

/** The modal for `meta.lookup`: that command's own form, prefilled, inside the shortcut's frame. */
export function messageLookupView(meta: MessageLookupMeta, t: Translate): types.ModalView {
  const command: FormedLookup = MESSAGE_LOOKUP_COMMANDS[meta.lookup];
  const form = command.modal.build('', t, initialFromNumbers(meta.lookup, meta.numbers));
  return messageLookupModal(form, meta, t);
}
