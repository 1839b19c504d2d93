import type { WebClient } from '@slack/web-api';
import type { z } from 'zod';
import type { Asker } from '../blocks/message.js';
import type { SlackDeps } from '../context.js';

/** The Workflow Builder steps the app declares (manifest.yml `functions`). */
export type StepCallbackId = 'lookup_payment_order' | 'start_qr_onboarding' | 'points_spent';

/** Parameter types the steps use (Slack's `slack#/types/…` for people and channels). */
export type StepParamType =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'slack#/types/user_id'
  | 'slack#/types/channel_id';

/** One input or output parameter as manifest.yml declares it (test/manifest holds them equal). */
export interface StepParam {
  type: StepParamType;
  title: string;
  description: string;
  is_required?: boolean;
}

/** Output values as later workflow steps receive them: machine values, never translated. */
export type StepOutputs = Record<string, string | number | boolean>;

/** What a step's work came to: its outputs, or a completion owed later (a QR code's scan). */
export type StepAnswer = { kind: 'done'; outputs: StepOutputs } | { kind: 'pending' };

/** What one execution brings to a step's work. */
export interface StepRun {
  /** Who the calls are for: the workspace, `user_id` ('' when none), `channel_id` ('' when none). */
  who: Asker;
  executionId: string;
  /** The execution's own token (`bot_access_token`): completes it; kept only while it waits. */
  executionToken: string;
  /** The app's bot token client, for messages that outlive the execution (buttons keep working). */
  botClient: WebClient;
}

/**
 * A Workflow Builder step: its manifest declaration, its inputs' schema (the command's own
 * argument rules, fed the inputs under the command's names) and its work.
 */
export interface WorkflowStep<C extends StepCallbackId, S extends z.ZodType> {
  callbackId: C;
  title: string;
  description: string;
  inputs: Record<string, StepParam>;
  outputs: Record<string, StepParam>;
  /** Step input name → the command argument it is (`number_type` → `type`); others keep theirs. */
  commandNames?: Record<string, string>;
  /** The command's argument schema; dates are read in `timeZone` (GATEWAY_TIMEZONE). */
  schema(timeZone: string): S;
  run(deps: SlackDeps, args: z.output<S>, run: StepRun): Promise<StepAnswer>;
}

/** Any step, for the registry (`run` is a method, so each keeps its precise argument type). */
export type AnyWorkflowStep<C extends StepCallbackId = StepCallbackId> = WorkflowStep<C, z.ZodType>;

/** Declares a step; the schema's output types `run`'s arguments. */
export function workflowStep<C extends StepCallbackId, S extends z.ZodType>(
  def: WorkflowStep<C, S>,
): WorkflowStep<C, S> {
  return def;
}
