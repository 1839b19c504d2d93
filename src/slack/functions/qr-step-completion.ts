import { WebClient } from '@slack/web-api';
import type { QrSessionRow, QrStepCompletion } from '../../qr/index.js';
import { slackClientOptions } from '../delivery/slack-client-options.js';
import { slackFailure } from '../delivery/slack-errors.js';
import type { AppDeps } from '../deps.js';
import { qrStepOutputs } from './qr-step-outputs.js';
import { openStepToken } from './step-token.js';

/** A completion that failed in passing (network, 5xx) is tried again after this. */
const RETRY_MS = 5_000;

/**
 * The QR watcher's step port: `functions.completeSuccess` for the session's execution, made with
 * that execution's own token (stored with the session), whichever replica ends the watch.
 */
export function qrStepCompletion(
  deps: Pick<AppDeps, 'config' | 'secrets' | 'metrics'>,
): QrStepCompletion {
  return {
    async complete(row: QrSessionRow) {
      if (!row.step_execution_id || !row.step_token) return { kind: 'gone', error: 'no_token' };
      let token: string;
      try {
        token = openStepToken(row.step_token, row.workspace_id, row.session_id, deps.secrets);
      } catch {
        return { kind: 'gone', error: 'token_unreadable' };
      }
      const client = new WebClient(token, {
        ...slackClientOptions(deps.config),
        retryConfig: { retries: 0 },
      });
      try {
        await client.functions.completeSuccess({
          function_execution_id: row.step_execution_id,
          outputs: qrStepOutputs(row),
        });
        return { kind: 'completed' };
      } catch (err) {
        const failure = slackFailure(err);
        const error = failure.kind === 'rate-limited' ? 'ratelimited' : failure.error;
        deps.metrics.slackErrors.inc({ method: 'functions.completeSuccess', error });
        if (failure.kind === 'rate-limited') {
          return { kind: 'retry', retryAfterMs: failure.retryAfterMs };
        }
        // Slack answered: the execution is over or the token is gone; asking again cannot help.
        if (failure.kind !== 'other') return { kind: 'gone', error: failure.error };
        return { kind: 'retry', retryAfterMs: RETRY_MS };
      }
    },
  };
}
