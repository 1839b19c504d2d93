import { WebClient } from '@slack/web-api';
import { translator } from '../../i18n/translator.js';
import {
  lapsedStepExecutions,
  recordStepOutcome,
  STEP_CLAIM_MS,
  takeOverStepExecution,
} from '../../store/step-executions.js';
import { slackClientOptions } from '../delivery/slack-client-options.js';
import { slackFailure } from '../delivery/slack-errors.js';
import type { AppDeps } from '../deps.js';
import { channelLocale } from '../settings/language.js';
import { openExecutionToken } from './step-token.js';

type Deps = Pick<AppDeps, 'config' | 'secrets' | 'settings' | 'store' | 'clock' | 'logger'>;

/** Executions failed per look; more wait for the next one. */
const BATCH = 50;

/**
 * Fails, once, a step whose replica died mid-step: one claim of it wins across replicas, then
 * `functions.completeError` with the execution's own token says it was interrupted. Slack
 * refusing it (the execution over, the token gone) ends it too; a network failure leaves it for
 * the next look, once the new claim lapses.
 */
async function failOne(
  deps: Deps,
  row: { execution_id: string; workspace_id: string; token: string | null },
): Promise<void> {
  const id = row.execution_id;
  const now = deps.clock().getTime();
  if (!row.token || !(await takeOverStepExecution(deps.store.db, id, now))) return;
  const log = deps.logger.child({ executionId: id, workspaceId: row.workspace_id });
  let token: string;
  try {
    token = openExecutionToken(row.token, id, deps.secrets);
  } catch (err) {
    log.warn({ err }, 'interrupted step token unreadable; left uncompleted');
    await recordStepOutcome(deps.store.db, id, 'error', now);
    return;
  }
  const t = translator(await channelLocale(deps, row.workspace_id).catch(() => 'en' as const));
  const client = new WebClient(token, {
    ...slackClientOptions(deps.config),
    retryConfig: { retries: 0 },
  });
  try {
    await client.functions.completeError({
      function_execution_id: id,
      error: t('steps.error.interrupted'),
    });
    log.info('interrupted step failed');
  } catch (err) {
    const failure = slackFailure(err);
    if (failure.kind === 'other') {
      log.warn({ err }, 'interrupted step not failed; tried again later');
      return;
    }
    log.info({ error: failure.kind }, 'interrupted step already over at Slack');
  }
  await recordStepOutcome(deps.store.db, id, 'error', deps.clock().getTime());
}

/** One look: every execution whose claim lapsed with no outcome is failed once. */
export async function failInterruptedSteps(deps: Deps): Promise<void> {
  const rows = await lapsedStepExecutions(deps.store.db, deps.clock().getTime(), BATCH);
  for (const row of rows) await failOne(deps, row);
}

/**
 * Looks at start and then every third of a claim for steps a dead replica left (claimed, never
 * completed); returns its stop function.
 */
export function startInterruptedSteps(
  deps: Deps,
  everyMs = STEP_CLAIM_MS / 3,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= failInterruptedSteps(deps)
      .catch((err: unknown) => deps.logger.warn({ err }, 'interrupted steps look failed'))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
