import { ApiError, isRecord, json, required } from '../api-error.js';
import type { Method, MethodContext } from '../context.js';
import type { DoubleCompletion, DoubleExecution } from '../state.js';

/**
 * The execution a completion is for. As on Slack, only that execution's own token may complete it,
 * and the token stops working once it has (a second completion is refused with invalid_auth before
 * it gets here, but is still recorded among the calls).
 */
function execution({ state, args, token }: MethodContext): DoubleExecution {
  const id = required(args, 'function_execution_id', 'invalid_arguments');
  const found = state.executions.get(id);
  if (!found) throw new ApiError('function_execution_not_found');
  if (token !== found.token) throw new ApiError('not_allowed_token_type');
  if (found.completion) throw new ApiError('function_execution_not_found');
  return found;
}

function complete(ctx: MethodContext, found: DoubleExecution, completion: DoubleCompletion): void {
  found.completion = completion;
  ctx.state.executionTokens.delete(found.token);
}

const completeSuccess: Method = (ctx) => {
  const found = execution(ctx);
  const outputs = json(ctx.args, 'outputs', 'invalid_arguments') ?? {};
  if (!isRecord(outputs)) throw new ApiError('invalid_arguments');
  complete(ctx, found, { kind: 'success', outputs, at: ctx.state.now() });
  return {};
};

const completeError: Method = (ctx) => {
  const found = execution(ctx);
  const error = required(ctx.args, 'error', 'invalid_arguments');
  complete(ctx, found, { kind: 'error', error, at: ctx.state.now() });
  return {};
};

export const functionMethods: Record<string, Method> = {
  'functions.completeSuccess': completeSuccess,
  'functions.completeError': completeError,
};
