import type { App } from '@slack/bolt';
import type { SlackDeps } from '../context.js';
import { lookupPaymentOrder } from './lookup-payment-order.js';
import { pointsSpent } from './points-spent.js';
import { runStep } from './run-step.js';
import { startQrOnboardingStep } from './start-qr-onboarding.js';
import type { AnyWorkflowStep, StepCallbackId } from './step.js';

/** Each key is its step's own callback_id (checked by the compiler). */
function registry<T extends { [K in StepCallbackId]: AnyWorkflowStep<K> }>(steps: T): T {
  return steps;
}

/**
 * Every Workflow Builder step, one object each, in the order the manifest declares them; a step
 * missing from here does not compile, and test/manifest holds manifest.yml's `functions` to it.
 */
export const STEPS = registry({
  lookup_payment_order: lookupPaymentOrder,
  start_qr_onboarding: startQrOnboardingStep,
  points_spent: pointsSpent,
});

export const STEP_LIST: readonly AnyWorkflowStep[] = Object.values(STEPS);

/**
 * One `app.function` listener per step. Bolt acknowledges each `function_executed` at once
 * (autoAcknowledge) and hands `complete`/`fail` bound to the event's `bot_access_token`; the work
 * runs after the ack and is tracked, so shutdown waits for it.
 */
export function registerFunctions(app: App, deps: SlackDeps): void {
  for (const step of STEP_LIST) {
    app.function(step.callbackId, { autoAcknowledge: true }, async (args) => {
      deps.metrics.slackAcks.inc({ kind: 'function' });
      await deps.work.track(runStep(step, args, deps));
    });
  }
}

export type { AnyWorkflowStep, StepCallbackId, StepParam } from './step.js';
