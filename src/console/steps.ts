import { STEP_LIST } from '../slack/functions/index.js';
import type { DoubleState } from '../slack-double/state.js';

/** A Workflow Builder step as the console's form shows it (read from the step registry). */
export interface ConsoleStep {
  callbackId: string;
  title: string;
  description: string;
  inputs: { name: string; title: string; type: string; required: boolean; hint: string }[];
}

export const CONSOLE_STEPS: readonly ConsoleStep[] = STEP_LIST.map((s) => ({
  callbackId: s.callbackId,
  title: s.title,
  description: s.description,
  inputs: Object.entries(s.inputs).map(([name, p]) => ({
    name,
    title: p.title,
    type: p.type,
    required: p.is_required === true,
    hint: p.description,
  })),
}));

/** One run of a step from the console, with the completion the bot sent for it, if any yet. */
export interface PageExecution {
  executionId: string;
  callbackId: string;
  inputs: Record<string, unknown>;
  completion?:
    | { kind: 'success'; outputs: Record<string, unknown> }
    | { kind: 'error'; error: string };
}

/** Every execution the local Slack sent, newest first. */
export function pageExecutions(state: DoubleState): PageExecution[] {
  return [...state.executions.values()].reverse().map((e) => ({
    executionId: e.executionId,
    callbackId: e.callbackId,
    inputs: e.inputs,
    ...(e.completion
      ? {
          completion:
            e.completion.kind === 'success'
              ? { kind: 'success' as const, outputs: e.completion.outputs }
              : { kind: 'error' as const, error: e.completion.error },
        }
      : {}),
  }));
}
