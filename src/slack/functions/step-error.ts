import { GatewayError, GatewayInputError } from '../../gateway/errors.js';
import { gatewayErrorText } from '../../i18n/gateway-error-text.js';
import type { Translate } from '../../i18n/translator.js';
import { ArgsError } from '../args/index.js';
import { UserFacingError } from '../blocks/error-card.js';
import { truncate } from '../blocks/limits.js';
import { StepFailed } from './step-failed.js';
import { StepInputError } from './step-input-error.js';

/** Slack shows a step's error in Workflow Builder's activity; keep it to a readable paragraph. */
const MAX_ERROR = 1_000;

/**
 * The `error` of `functions.completeError`: what went wrong and what to do, in plain text (the
 * same meanings and remedies the cards show), never a stack trace or a raw gateway body. In the
 * workspace's language (`t`); what a person typed and the gateway's own `msg` stay as they came.
 */
export function stepErrorText(err: unknown, t: Translate): string {
  if (err instanceof ArgsError) {
    return truncate(t('steps.error.invalidInput', { problem: err.describe(t) }), MAX_ERROR);
  }
  if (err instanceof StepInputError) {
    return truncate(t('steps.error.invalidInput', { problem: err.message }), MAX_ERROR);
  }
  if (err instanceof GatewayInputError) {
    return truncate(t('steps.error.invalidInput', { problem: err.meaning }), MAX_ERROR);
  }
  if (err instanceof StepFailed) return truncate(err.text, MAX_ERROR);
  if (err instanceof UserFacingError) {
    const { title, detail } = err.words ? err.words(t) : err;
    return truncate(t('steps.error.refused', { title, detail }), MAX_ERROR);
  }
  if (err instanceof GatewayError) {
    const { meaning, remedy } = gatewayErrorText(t, err);
    const code = err.code !== undefined ? t('steps.error.gatewayCode', { code: err.code }) : '';
    const cost = err.charged ? t('steps.error.cost', { points: err.charged }) : '';
    return truncate(
      t('steps.error.gateway', { meaning, code, remedy, requestId: err.requestId, cost }),
      MAX_ERROR,
    );
  }
  return t('steps.error.unknown');
}
