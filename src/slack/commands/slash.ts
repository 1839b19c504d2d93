import type { App, RespondFn, types } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { z } from 'zod';
import { ArgsError, type Command } from '../args.js';
import { errorCard } from '../blocks/error-card.js';
import type { Asker, SlackMessage } from '../blocks/message.js';
import { readModalValues } from '../blocks/modal-values.js';
import { withSandboxNote } from '../blocks/sandbox-note.js';
import { deliverPrivately } from '../deliver.js';
import type { AppDeps } from '../deps.js';
import { queueNotice } from '../queue-notice.js';
import { slackErrorKind } from '../slack-errors.js';

export interface SlashDef<S extends z.ZodType> {
  spec: Command<S>;
  /** Opened when the command is typed with no arguments. */
  modal?: { callbackId: string; build(privateMetadata: string): types.ModalView };
  /** The work after the ack; its answer is shown only to the asker. */
  run(deps: AppDeps, args: z.output<S>, who: Asker, client: WebClient): Promise<SlackMessage>;
  /** The command's own kind of modal values → the same argument object the text parser makes. */
  readModal?(values: Record<string, string>): Record<string, string>;
}

/** One command: ack at once, parse, refuse bad input with usage, then work and answer privately. */
export function registerSlash<S extends z.ZodType>(
  app: App,
  deps: AppDeps,
  def: SlashDef<S>,
): void {
  app.command(def.spec.name, async ({ command, ack, respond, client }) => {
    deps.metrics.slackAcks.inc({ kind: 'command' });
    const who: Asker = {
      teamId: command.team_id,
      userId: command.user_id,
      channelId: command.channel_id,
    };
    if (!command.text.trim() && def.modal) {
      await ack();
      await client.views.open({
        trigger_id: command.trigger_id,
        view: def.modal.build(JSON.stringify({ channelId: who.channelId })),
      });
      return;
    }
    let args: z.output<S>;
    try {
      args = def.spec.parse(command.text);
    } catch (err) {
      if (!(err instanceof ArgsError)) throw err;
      await ack({
        response_type: 'ephemeral',
        ...finish(deps, errorCard(err, def.spec.usageLine)),
      });
      return;
    }
    await ack();
    await deps.work.track(work(deps, def, args, who, client, respond));
  });

  if (def.modal) {
    app.view(def.modal.callbackId, async ({ ack, view, body, client }) => {
      deps.metrics.slackAcks.inc({ kind: 'view' });
      const values = readModalValues(view.state.values);
      const input = def.readModal ? def.readModal(values) : values;
      const parsed = def.spec.schema.safeParse(input);
      if (!parsed.success) {
        await ack({ response_action: 'errors', errors: modalErrors(view, parsed.error.issues) });
        return;
      }
      await ack();
      const meta = JSON.parse(view.private_metadata || '{}') as { channelId?: string };
      const who: Asker = {
        teamId: body.team?.id ?? view.team_id,
        userId: body.user.id,
        channelId: meta.channelId ?? body.user.id,
      };
      await deps.work.track(work(deps, def, parsed.data, who, client));
    });
  }
}

async function work<S extends z.ZodType>(
  deps: AppDeps,
  def: SlashDef<S>,
  args: z.output<S>,
  who: Asker,
  client: WebClient,
  respond?: RespondFn,
): Promise<void> {
  // Requests already read from the network are acked before this work starts (under a burst
  // the store reads and gateway set-up of earlier commands would otherwise delay their acks).
  await new Promise<void>((resolve) => setImmediate(resolve));
  let message: SlackMessage;
  const queued = queueNotice(respond, (m) => finish(deps, m), deps.logger);
  try {
    message = await queued.run(() => def.run(deps, args, who, client));
  } catch (err) {
    deps.logger.warn({ err, command: def.spec.name, team: who.teamId }, 'command failed');
    message = errorCard(err, def.spec.usageLine);
  }
  try {
    await deliverPrivately({
      client,
      respond,
      who,
      message: finish(deps, message),
      // The "Queued" notice, if one was shown, becomes the answer.
      replace: await queued.settled(),
      logger: deps.logger,
    });
  } catch (err) {
    deps.logger.error({ err, command: def.spec.name }, 'could not deliver the answer');
    deps.metrics.slackErrors.inc({ method: 'answer', error: slackErrorKind(err) });
  }
}

/** Every message says "sandbox" while the embedded sandbox answers. */
export function finish(deps: AppDeps, message: SlackMessage): SlackMessage {
  return withSandboxNote(message, deps.gateway.sandbox);
}

function modalErrors(
  view: { blocks: unknown[] },
  issues: z.core.$ZodIssue[],
): Record<string, string> {
  const inputs = (view.blocks as { type?: string; block_id?: string }[])
    .filter((b) => b.type === 'input' && b.block_id)
    .map((b) => b.block_id as string);
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    const block = inputs.find((id) => id === key) ?? inputs[0];
    if (block && !errors[block]) errors[block] = issue.message.slice(0, 150);
  }
  return errors;
}
