import type { types } from '@slack/bolt';
import type { Translate } from '../../i18n/translator.js';
import { ACTION, VIEW } from './ids.js';
import { LIMITS, mrkdwn, plain } from './limits.js';
import {
  MESSAGE_LOOKUPS,
  type MessageLookupMeta,
  type MessageLookupName,
  messageLookupMetadata,
} from './values.js';

/** The block holding the "Lookup" select; its state is not one of the form's values. */
export const LOOKUP_SELECT_BLOCK = 'qd_lookup_message_lookup';

/**
 * The message shortcut's modal: the numbers found in the message, the "Lookup" select, then the
 * chosen lookup's own form as its command draws it (`form`, its title and callback id replaced).
 * The message's channel, its numbers and the lookup drawn travel in `private_metadata`.
 */
export function messageLookupModal(
  form: types.ModalView,
  meta: MessageLookupMeta,
  t: Translate,
): types.ModalView {
  const found = meta.numbers.length
    ? t('messageLookup.found', {
        n: meta.numbers.length,
        numbers: meta.numbers.map((n) => `\`${n}\``).join(', '),
      })
    : t('messageLookup.none');
  const option = (name: MessageLookupName): types.PlainTextOption => ({
    text: plain(t(`messageLookup.option.${name}`), LIMITS.optionText),
    value: name,
  });
  const select: types.SectionBlock = {
    type: 'section',
    block_id: LOOKUP_SELECT_BLOCK,
    text: mrkdwn(`*${t('messageLookup.lookup')}*`),
    accessory: {
      type: 'static_select',
      action_id: ACTION.lookupMessagePick,
      options: MESSAGE_LOOKUPS.map(option),
      initial_option: option(meta.lookup),
    },
  };
  return {
    ...form,
    callback_id: VIEW.lookupMessage,
    title: plain(t('messageLookup.title'), LIMITS.viewTitle),
    private_metadata: messageLookupMetadata(meta),
    blocks: [{ type: 'context', elements: [mrkdwn(found, 3000)] }, select, ...form.blocks],
  };
}
