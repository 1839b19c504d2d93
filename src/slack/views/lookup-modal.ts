import type { z } from 'zod';
import type { Translate } from '../../i18n/translator.js';
import { translator } from '../../i18n/translator.js';
import { type Command, issueProblem } from '../args/index.js';
import { problemText } from '../blocks/args-error.js';
import type { Asker } from '../blocks/message.js';
import { readModalValues } from '../blocks/modal-values.js';
import { readChannelMetadata, readStateValues } from '../blocks/values.js';
import type { CommandName, LookupCommand } from '../commands/command.js';
import type { SlackDeps } from '../context.js';
import { ackStampOf } from '../http-edge/ack-stamp.js';
import { answerLookup } from '../lookup/lookup-flow.js';
import { firstInput, inputIds, type ViewArgs, type ViewDef } from './view.js';

/** A lookup command's modal: its inputs go through the command's own argument schema. */
export function lookupModalView<S extends z.ZodType>(
  command: LookupCommand<CommandName, S> & {
    modal: NonNullable<LookupCommand<CommandName, S>['modal']>;
  },
  parser: Command<S>,
): ViewDef {
  return {
    callbackId: command.modal.callbackId,
    async handle(args, deps) {
      const { view, body } = args;
      const state = readStateValues(view.state.values);
      const meta = readChannelMetadata(view.private_metadata);
      const t = ackT(args, deps);
      if (!state || !meta) return formOutOfDate(args, t);
      const who: Asker = {
        teamId: body.team?.id ?? view.team_id,
        userId: body.user.id,
        channelId: meta.channelId,
        origin: `form ${view.callback_id}`,
      };
      await submitLookupForm(args, deps, {
        command,
        parser,
        values: readModalValues(state),
        who,
        t,
      });
    },
  };
}

/**
 * The language of a submission's ack (inline errors): the person's if already in memory, else
 * English; nothing is looked up before the ack.
 */
export function ackT({ body, view }: Pick<ViewArgs, 'body' | 'view'>, deps: SlackDeps): Translate {
  const teamId = body.team?.id ?? view.team_id;
  return translator(deps.locales.knownLocale(teamId, body.user.id) ?? 'en');
}

/** A form whose state or metadata does not decode: "out of date" under its first input. */
export async function formOutOfDate({ ack, view }: Pick<ViewArgs, 'ack' | 'view'>, t: Translate) {
  const block = firstInput(view);
  const errors = block ? { [block]: t('help.refusal.formOutOfDate') } : undefined;
  await ack(errors ? { response_action: 'errors', errors } : undefined);
}

/**
 * A lookup form's values run as its slash command would run them for `who`: through the
 * command's own rules (bad values are the ack's inline errors, and nothing is called), or its
 * form choice; then acked, and the answer delivered to `who` privately.
 */
export async function submitLookupForm<S extends z.ZodType>(
  { ack, view, client, context }: Pick<ViewArgs, 'ack' | 'view' | 'client' | 'context'>,
  deps: SlackDeps,
  form: {
    command: LookupCommand<CommandName, S>;
    parser: Command<S>;
    values: Record<string, string>;
    who: Asker;
    t: Translate;
  },
): Promise<void> {
  const { command, parser, values, who, t } = form;
  const choice = command.formChoice;
  if (choice && values[choice.field] === choice.value) {
    const read = choice.read(deps, values, t);
    if ('errors' in read) {
      await ack({ response_action: 'errors', errors: read.errors });
      return;
    }
    await ack();
    await deps.work.track(read.run(who, client));
    return;
  }
  const parsed = parser.schema.safeParse(values);
  if (!parsed.success) {
    await ack({ response_action: 'errors', errors: modalErrors(view, parsed.error.issues, t) });
    return;
  }
  await ack();
  const acked = ackStampOf(context);
  await deps.work.track(
    answerLookup(deps, command, parser, parsed.data, who, client, undefined, acked),
  );
}

function modalErrors(
  view: { blocks: unknown[] },
  issues: z.core.$ZodIssue[],
  t: Translate,
): Record<string, string> {
  const inputs = inputIds(view);
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    const block = inputs.find((id) => id === key) ?? inputs[0];
    if (block && !errors[block]) errors[block] = problemText(issueProblem(issue), t).slice(0, 150);
  }
  return errors;
}
