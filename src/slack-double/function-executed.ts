import { postSigned } from './send.js';
import type { DoubleState } from './state.js';
import type { AckResult } from './types.js';

export interface FunctionExecutedInput {
  /** The step's callback_id, e.g. `lookup_payment_order`. */
  callbackId: string;
  inputs?: Record<string, unknown>;
  /** Set to deliver an execution again (a Slack retry): the same id, token and event_id. */
  executionId?: string;
  /** `X-Slack-Retry-Num` (and `X-Slack-Retry-Reason: http_timeout`) on this delivery. */
  retryNum?: number;
  /** A redelivery under a new event_id (as after the first one's id was forgotten). */
  freshEventId?: boolean;
  team?: string;
}

export interface FunctionExecutedResult {
  ack: AckResult;
  executionId: string;
  /** The execution's `bot_access_token`: valid until the execution is completed. */
  token: string;
}

/**
 * A signed `function_executed` event, as Slack sends when a workflow reaches one of the app's
 * steps: a new execution with its own token, or (with `executionId`) the same delivery again.
 */
export async function sendFunctionExecuted(
  state: DoubleState,
  target: string,
  input: FunctionExecutedInput,
): Promise<FunctionExecutedResult> {
  const team = input.team ?? state.id.teamId;
  let execution = input.executionId ? state.executions.get(input.executionId) : undefined;
  if (input.executionId && !execution) throw new Error(`no execution ${input.executionId}`);
  if (!execution) {
    const executionId = state.nextId('Fx');
    execution = {
      executionId,
      callbackId: input.callbackId,
      team,
      inputs: input.inputs ?? {},
      token: `xwfp-double-${executionId.toLowerCase()}`,
      eventId: state.nextId('Ev'),
      workflowExecutionId: state.nextId('Wx'),
    };
    state.executions.set(executionId, execution);
    state.executionTokens.set(execution.token, executionId);
  }
  if (input.freshEventId) execution.eventId = state.nextId('Ev');
  const now = state.now().getTime();
  const envelope = {
    token: 'verification-token-unused',
    team_id: execution.team,
    api_app_id: state.id.appId,
    event: {
      type: 'function_executed',
      function: {
        id: `Fn${execution.callbackId.toUpperCase().replace(/_/g, '').slice(0, 12)}`,
        callback_id: execution.callbackId,
        title: execution.callbackId,
        type: 'app',
        input_parameters: [],
        output_parameters: [],
        app_id: state.id.appId,
        date_created: 0,
        date_updated: 0,
        date_deleted: 0,
      },
      inputs: execution.inputs,
      function_execution_id: execution.executionId,
      workflow_execution_id: execution.workflowExecutionId,
      event_ts: (now / 1000).toFixed(6),
      bot_access_token: execution.token,
    },
    type: 'event_callback',
    event_id: execution.eventId,
    event_time: Math.floor(now / 1000),
    authorizations: [
      {
        enterprise_id: null,
        team_id: execution.team,
        user_id: state.id.botUserId,
        is_bot: true,
        is_enterprise_install: false,
      },
    ],
    is_ext_shared_channel: false,
  };
  const retry =
    input.retryNum !== undefined
      ? { 'x-slack-retry-num': String(input.retryNum), 'x-slack-retry-reason': 'http_timeout' }
      : undefined;
  const ack = await postSigned(state, target, JSON.stringify(envelope), 'application/json', retry);
  return { ack, executionId: execution.executionId, token: execution.token };
}
