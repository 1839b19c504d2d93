import type { WebClient } from '@slack/web-api';
import type { ApprovalRow } from '../../approvals/index.js';
import type { Translate } from '../../i18n/translator.js';
import { UserFacingError } from '../blocks/error-card.js';
import type { SlackDeps } from '../context.js';
import type { AppDeps } from '../deps.js';
import { checkWhoMaySpend } from '../lookup/query.js';
import { type WorkUnderId, workUnderId } from './work-under-id.js';

/** What starting approved work needs: no listener's own parts, so any replica's loop can. */
export type StartDeps = AppDeps & Pick<SlackDeps, 'exportRunner'>;

/** Why approved work did not start, readable in any language. */
export type NotStarted = (t: Translate) => string;

const why =
  (err: UserFacingError): NotStarted =>
  (t) => {
    const w = err.words?.(t) ?? { title: err.title, detail: err.detail };
    return `${w.title}. ${w.detail}`;
  };

/** What came of approved work: who settled it (this call, or someone before), and how. */
export interface Started {
  by: 'us' | 'elsewhere';
  /** undefined: started; else why not (then nothing was started). */
  notStarted?: NotStarted;
}

/** Work someone else moved out of its preview: refused when they called it off, else started. */
async function elsewhere(work: WorkUnderId): Promise<Started> {
  const state = await work.stateNow();
  return state === 'dismissed'
    ? { by: 'elsewhere', notStarted: (t) => t('approvals.refused.failed') }
    : { by: 'elsewhere' };
}

/**
 * Approved work, started exactly as the asker's own click would: as the asker, in the asker's
 * channel, with who may spend and the budget checked for them now (not for the approver).
 * The work's row is inserted under the id the approval chose and only a move out of its
 * "preview" starts or refuses it, so of a click, a restart and any replica exactly one does
 * either, once; the others learn `by: 'elsewhere'`.
 */
export async function startApproved(
  deps: StartDeps,
  client: WebClient,
  row: ApprovalRow,
): Promise<Started> {
  const work = row.work_id ? workUnderId(deps, client, row, row.work_id) : undefined;
  if (!work) return { by: 'us', notStarted: (t) => t('lookup.outOfDate') };
  if ((await work.stateNow()) !== 'preview') return elsewhere(work);
  try {
    await checkWhoMaySpend(deps, {
      teamId: row.workspace_id,
      userId: row.user_id,
      channelId: row.channel_id,
    });
    await work.rules();
  } catch (err) {
    if (!(err instanceof UserFacingError)) throw err;
    return (await work.callOff()) ? { by: 'us', notStarted: why(err) } : elsewhere(work);
  }
  let outcome: Awaited<ReturnType<WorkUnderId['start']>>;
  try {
    outcome = await work.start();
  } catch (err) {
    // The store or Slack failing mid-start: called off if it had not moved yet (both are told);
    // if it had, its own recovery (an export's start grace, a subscription's lease) finishes it.
    deps.logger.error({ err, request: row.request_id }, 'approved work not started cleanly');
    if (await work.callOff()) return { by: 'us', notStarted: (t) => t('approvals.refused.failed') };
    return { by: 'us' };
  }
  if (outcome === undefined) return elsewhere(work);
  return outcome === 'started' ? { by: 'us' } : { by: 'us', notStarted: outcome };
}
