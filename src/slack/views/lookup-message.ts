import { SHORTCUT, VIEW } from '../blocks/ids.js';
import { LOOKUP_SELECT_BLOCK } from '../blocks/message-lookup-modal.js';
import { readModalValues } from '../blocks/modal-values.js';
import { MESSAGE_LOOKUPS, readMessageLookupMetadata, readStateValues } from '../blocks/values.js';
import { commandParser } from '../commands/arg-rules.js';
import { type FormedLookup, MESSAGE_LOOKUP_COMMANDS } from '../lookup/message-lookup.js';
import { ackT, formOutOfDate, submitLookupForm } from './lookup-modal.js';
import type { ViewDef } from './view.js';

/** What the audit names as the origin of a lookup submitted from the message shortcut. */
export const LOOKUP_MESSAGE_ORIGIN = `shortcut:${SHORTCUT.lookupMessage}`;

/**
 * The message shortcut's modal submitted: the form drawn (the lookup in its metadata) runs as its
 * slash command would, for the person, in the message's channel, through the same path as the
 * command's own modal.
 */
export function lookupMessageView(timeZone: string): ViewDef {
  const parsers = new Map(
    MESSAGE_LOOKUPS.map((name) => {
      const command: FormedLookup = MESSAGE_LOOKUP_COMMANDS[name];
      return [name, { command, parser: commandParser(command, timeZone) }] as const;
    }),
  );
  return {
    callbackId: VIEW.lookupMessage,
    async handle(args, deps) {
      const { view, body } = args;
      const state = readStateValues(view.state.values);
      const meta = readMessageLookupMetadata(view.private_metadata);
      const t = ackT(args, deps);
      const lookup = meta && parsers.get(meta.lookup);
      if (!state || !meta || !lookup) return formOutOfDate(args, t);
      // The select says which form is drawn, not a value of it.
      const { [LOOKUP_SELECT_BLOCK]: _select, ...inputs } = state;
      await submitLookupForm(args, deps, {
        ...lookup,
        values: readModalValues(inputs),
        who: {
          teamId: body.team?.id ?? view.team_id,
          userId: body.user.id,
          channelId: meta.channelId,
          origin: LOOKUP_MESSAGE_ORIGIN,
        },
        t,
      });
    },
  };
}
