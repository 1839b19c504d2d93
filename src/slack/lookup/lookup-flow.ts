import { performance } from 'node:perf_hooks';
import type { AllMiddlewareArgs, RespondFn, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { z } from 'zod';
import { ArgsError, type Command } from '../args/index.js';
import { errorCard } from '../blocks/error-card.js';
import type { Asker, SlackMessage } from '../blocks/message.js';
import { channelMetadata } from '../blocks/values.js';
import type { CommandModal, CommandName, LookupCommand } from '../commands/command.js';
import { sendRefusal } from '../commands/refusal.js';
import type { SlackDeps } from '../context.js';
import { deliverPrivately } from '../delivery/deliver.js';
import { finish } from '../delivery/finish.js';
import { slackErrorKind } from '../delivery/slack-errors.js';
import { type AckStamp, ackStampOf } from '../http-edge/ack-stamp.js';
import { personLocale } from '../settings/language.js';
import { queueNotice } from './queue-notice.js';
import { readerT } from './reader.js';

/**
 * What a lookup command's text asks for, decided from the text alone (no I/O), so the same
 * decision serves the listener and the receiver's planner (http-edge/ack-plan.ts, held to it by
 * its test): its modal, a refusal
 * (acked empty, then sent in the asker's language by sendRefusal), or the parsed arguments.
 */
export function lookupDecision<S extends z.ZodType>(
  command: LookupCommand<CommandName, S>,
  parser: Command<S>,
  text: string,
):
  | { kind: 'modal'; modal: CommandModal }
  | { kind: 'refused'; error: ArgsError }
  | { kind: 'run'; args: z.output<S> } {
  if (!text.trim() && command.modal) return { kind: 'modal', modal: command.modal };
  try {
    return { kind: 'run', args: parser.parse(text) };
  } catch (err) {
    if (!(err instanceof ArgsError)) throw err;
    return { kind: 'refused', error: err };
  }
}

/** A lookup command typed in Slack: parse, refuse bad input with usage, ack, then work. */
export async function handleLookup<S extends z.ZodType>(
  command: LookupCommand<CommandName, S>,
  parser: Command<S>,
  { command: slash, ack, respond, client, context }: SlackCommandMiddlewareArgs & AllMiddlewareArgs,
  deps: SlackDeps,
): Promise<void> {
  const who: Asker = {
    teamId: slash.team_id,
    userId: slash.user_id,
    channelId: slash.channel_id,
    origin: slash.command,
  };
  const decided = lookupDecision(command, parser, slash.text);
  if (decided.kind === 'modal') {
    await ack();
    const t = readerT({ locale: await personLocale(deps, client, who.teamId, who.userId) });
    await client.views.open({
      trigger_id: slash.trigger_id,
      view: decided.modal.build(channelMetadata(who.channelId), t),
    });
    return;
  }
  if (decided.kind === 'refused') {
    await ack();
    const to = { client, respond, teamId: who.teamId, userId: who.userId };
    await deps.work.track(sendRefusal(deps, to, decided.error, parser.syntax));
    return;
  }
  await ack();
  const acked = ackStampOf(context);
  await deps.work.track(
    answerLookup(deps, command, parser, decided.args, who, client, respond, acked),
  );
}

/**
 * The work after the ack, answered only to the asker; failures become an error card. How long the
 * person waited, from `acked` (when the receiver wrote the ack, if it said) and in which part,
 * goes to `querydesk_answer_seconds`.
 */
export async function answerLookup<S extends z.ZodType>(
  deps: SlackDeps,
  command: LookupCommand<CommandName, S>,
  parser: Command<S>,
  args: z.output<S>,
  who: Asker,
  client: WebClient,
  respond?: RespondFn,
  acked?: Required<AckStamp>,
): Promise<void> {
  const timed = answerTimer(deps, command.name, acked);
  const reader: Asker = {
    ...who,
    locale: await personLocale(deps, client, who.teamId, who.userId),
  };
  timed.part('language');
  const t = readerT(reader);
  let message: SlackMessage;
  const queued = queueNotice(respond, (m) => finish(deps, m, t), deps.logger, t);
  try {
    message = await command.run(deps, args, { ...reader, onQueued: queued.onQueued }, client);
  } catch (err) {
    deps.logger.warn({ err, command: command.name, team: who.teamId }, 'command failed');
    message = errorCard(err, t, parser.usageLine);
  }
  timed.part('work');
  try {
    await deliverPrivately({
      client,
      respond,
      who,
      message: finish(deps, message, t),
      t,
      // The "Queued" notice, if one was shown, becomes the answer.
      replace: await queued.settled(),
      logger: deps.logger,
    });
    timed.part('delivery');
    timed.whole();
  } catch (err) {
    deps.logger.error({ err, command: command.name }, 'could not deliver the answer');
    deps.metrics.slackErrors.inc({ method: 'answer', error: slackErrorKind(err) });
  }
}

/**
 * The parts of one answer's wait: `held` (after the ack written, the time the work waited in the
 * receiver's ack-first scheduler for other requests' acks), `before` (the rest of the time from the
 * ack until the work began: Bolt's middleware with the installation read, the retry check),
 * `language` (the person's language read), `work` (the command's own: settings, budget, the gateway
 * call with its queue and its charge written, the card), `delivery` (the answer posted), and
 * `whole`. Each part is timed as it ends but all are observed together once the answer is
 * delivered, so a reading of the metric never holds parts of an answer still under way or one Slack
 * refused, and the parts add up to the whole. Without `acked` (Socket Mode) the wait starts with
 * `language`.
 */
function answerTimer(
  deps: Pick<SlackDeps, 'metrics'>,
  command: CommandName,
  acked?: Required<AckStamp>,
) {
  const parts: [string, number][] = [];
  const started = acked?.at ?? performance.now();
  let last = started;
  if (acked) {
    last = performance.now();
    const held = Math.min(acked.heldMs, last - acked.at);
    parts.push(['held', held], ['before', last - acked.at - held]);
  }
  return {
    part(name: 'language' | 'work' | 'delivery') {
      const now = performance.now();
      parts.push([name, now - last]);
      last = now;
    },
    /** Observes every part and the whole, which ends with the last part. */
    whole() {
      parts.push(['whole', last - started]);
      for (const [part, ms] of parts) {
        deps.metrics.answerSeconds.observe({ command, part }, ms / 1000);
      }
    },
  };
}
