import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { WebClient } from '@slack/web-api';
import type { z } from 'zod';
import { type Translate, translator } from '../../i18n/translator.js';
import {
  claimStepExecution,
  recordStepOutcome,
  renewStepClaim,
  STEP_CLAIM_MS,
} from '../../store/step-executions.js';
import type { SlackDeps } from '../context.js';
import { slackClientOptions } from '../delivery/slack-client-options.js';
import { channelLocale } from '../settings/language.js';
import type { StepAnswer, StepCallbackId, StepOutputs, StepParam, WorkflowStep } from './step.js';
import { stepErrorText } from './step-error.js';
import { StepInputError } from './step-input-error.js';
import { parseStepInputs } from './step-inputs.js';
import { sealExecutionToken } from './step-token.js';

/** Inputs the runner reads itself, who the step acts for and where, with the ids Slack gives. */
const PLACE_IDS = {
  user_id: { pattern: /^[UW][A-Z0-9]{2,30}$/, what: 'steps.input.userId' },
  channel_id: { pattern: /^[CGD][A-Z0-9]{2,30}$/, what: 'steps.input.channelId' },
} as const;
const PLACE_INPUTS = new Set(Object.keys(PLACE_IDS));

/** A required place input left empty, or one that is not a Slack id, named by its input. */
function placeProblems(
  declared: Record<string, StepParam>,
  given: Record<string, string>,
  t: Translate,
): string[] {
  return Object.entries(PLACE_IDS).flatMap(([name, rule]) => {
    const param = declared[name];
    const value = given[name] ?? '';
    if (!param) return [];
    if (value === '') return param.is_required ? [t('steps.input.required', { name })] : [];
    return rule.pattern.test(value) ? [] : [t('steps.input.mustBe', { name, what: t(rule.what) })];
  });
}

/** Step errors are read in Workflow Builder by the workspace: its language, else English. */
async function workspaceT(deps: SlackDeps, teamId: string): Promise<Translate> {
  return translator(await channelLocale(deps, teamId).catch(() => 'en' as const));
}

type StepArgs = SlackEventMiddlewareArgs<'function_executed'> & AllMiddlewareArgs;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * One `function_executed` delivery, acknowledged already (Bolt's auto-ack): the execution id is
 * claimed in the store first (a redelivery, on any replica, stops there while the claim holds: no
 * second gateway call, no second completion). The claim is renewed while the step runs; one whose
 * replica died lapses, and a later delivery then runs the step as a first one would. Then the
 * inputs go through the command's rules, then the work, then exactly one `complete` or `fail`
 * with the event's own token. A QR step completes later, from the watcher.
 */
export async function runStep<C extends StepCallbackId, S extends z.ZodType>(
  step: WorkflowStep<C, S>,
  args: StepArgs,
  deps: SlackDeps,
): Promise<void> {
  const { event, context } = args;
  const executionId = event.function_execution_id;
  const teamId = context.teamId ?? text(Reflect.get(args.body, 'team_id'));
  const log = deps.logger.child({ step: step.callbackId, executionId, workspaceId: teamId });
  const now = () => deps.clock().getTime();
  let first: boolean;
  try {
    first = await claimStepExecution(deps.store.db, {
      executionId,
      workspaceId: teamId,
      callbackId: step.callbackId,
      now: now(),
      // Kept until the step is completed, so any replica can fail it if this one dies.
      token: sealExecutionToken(event.bot_access_token, executionId, deps.secrets),
    });
  } catch (err) {
    // Unclaimed work could run twice across replicas: refuse it, with nothing called.
    log.error({ err }, 'step execution not claimed; refused');
    const t = await workspaceT(deps, teamId);
    await finish(args, deps, executionId, { error: t('steps.error.noDatabase') }).catch(
      (e: unknown) => log.error({ err: e }, 'step error not delivered'),
    );
    return;
  }
  if (!first) {
    log.info({ retryNum: context.retryNum }, 'step execution delivered again; already handled');
    return;
  }
  const renew = setInterval(() => {
    renewStepClaim(deps.store.db, executionId, now()).catch((err: unknown) =>
      log.warn({ err }, 'step claim not renewed'),
    );
  }, STEP_CLAIM_MS / 3);
  renew.unref();
  try {
    await work(step, args, deps, executionId, teamId);
  } finally {
    clearInterval(renew);
  }
}

/** The step under its claim: inputs, the work, then its one completion (a QR step's later). */
async function work<C extends StepCallbackId, S extends z.ZodType>(
  step: WorkflowStep<C, S>,
  args: StepArgs,
  deps: SlackDeps,
  executionId: string,
  teamId: string,
): Promise<void> {
  const { event, context } = args;
  const log = deps.logger.child({ step: step.callbackId, executionId, workspaceId: teamId });
  const now = () => deps.clock().getTime();
  const t = await workspaceT(deps, teamId);
  let answer: StepAnswer | { error: string };
  try {
    const inputs: unknown = event.inputs ?? {};
    const userId = text(Reflect.get(Object(inputs), 'user_id'));
    const channelId = text(Reflect.get(Object(inputs), 'channel_id'));
    const problems = placeProblems(step.inputs, { user_id: userId, channel_id: channelId }, t);
    if (problems.length) throw new StepInputError(problems.join(t('help.refusal.separator')));
    const own = Object.fromEntries(
      Object.entries(step.inputs).filter(([n]) => !PLACE_INPUTS.has(n)),
    );
    const parsed = parseStepInputs(
      step.schema(deps.config.gateway.timeZone),
      own,
      step.commandNames ?? {},
      inputs,
      t,
    );
    const botToken = context.botToken;
    answer = await step.run(deps, parsed, {
      who: { teamId, userId, channelId, origin: `step:${step.callbackId}` },
      executionId,
      executionToken: event.bot_access_token,
      botClient: botToken ? new WebClient(botToken, slackClientOptions(deps.config)) : args.client,
    });
  } catch (err) {
    if (!(err instanceof StepInputError)) log.warn({ err }, 'step failed');
    answer = { error: stepErrorText(err, t) };
  }
  if ('kind' in answer && answer.kind === 'pending') {
    await recordStepOutcome(deps.store.db, executionId, 'pending', now()).catch(() => undefined);
    return;
  }
  try {
    await finish(args, deps, executionId, 'kind' in answer ? { outputs: answer.outputs } : answer);
  } catch (err) {
    log.error({ err }, 'step completion not delivered');
  }
}

/** The one completion: outputs, or an error in words. */
async function finish(
  args: StepArgs,
  deps: SlackDeps,
  executionId: string,
  result: { outputs: StepOutputs } | { error: string },
): Promise<void> {
  if ('error' in result) await args.fail({ error: result.error });
  else await args.complete({ outputs: result.outputs });
  const outcome = 'error' in result ? 'error' : 'success';
  await recordStepOutcome(deps.store.db, executionId, outcome, deps.clock().getTime()).catch(
    () => undefined,
  );
}
