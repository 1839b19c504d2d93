import { GatewayError, GatewayInputError } from '../../gateway/errors.js';
import { ArgsError } from '../args/index.js';
import { UserFacingError } from '../blocks/error-card.js';
import { truncate } from '../blocks/limits.js';
import { StepFailed } from './step-failed.js';
import { StepInputError } from './step-input-error.js';

/** Slack shows a step's error in Workflow Builder's activity; keep it to a readable paragraph. */
const MAX_ERROR = 1_000;

/**
 * The `error` of `functions.completeError`: what went wrong and what to do, in plain text (the
 * same meanings and remedies the cards show), never a stack trace or a raw gateway body.
 */
export function stepErrorText(err: unknown): string {
  if (err instanceof StepInputError || err instanceof ArgsError) {
    return truncate(`Invalid input: ${err.message}. Nothing was looked up or charged.`, MAX_ERROR);
  }
  if (err instanceof GatewayInputError) {
    return truncate(`Invalid input: ${err.meaning}. Nothing was looked up or charged.`, MAX_ERROR);
  }
  if (err instanceof StepFailed) return truncate(err.text, MAX_ERROR);
  if (err instanceof UserFacingError) return truncate(`${err.title}: ${err.detail}`, MAX_ERROR);
  if (err instanceof GatewayError) {
    const code = err.code !== undefined ? ` (gateway code ${err.code})` : '';
    const cost = err.charged ? ` This answer cost ${err.charged} points.` : '';
    return truncate(
      `${err.meaning}${code}. What to do: ${err.remedy} Request id ${err.requestId}.${cost}`,
      MAX_ERROR,
    );
  }
  return 'querydesk could not finish this step. It has been logged; run the workflow again in a moment.';
}
