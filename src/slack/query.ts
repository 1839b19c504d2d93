import type { GatewayAnswer } from '../gateway/client.js';
import type { InputOf, OutputOf } from '../gateway/operations/index.js';
import { operations } from '../gateway/operations/index.js';
import { instantToWallClock } from '../gateway/time.js';
import { UserFacingError } from './blocks/error-card.js';
import type { Asker } from './blocks/message.js';
import type { AppDeps } from './deps.js';
import { queuedListener } from './queue-notice.js';

type Name = keyof typeof operations;

export interface QueryOptions {
  /**
   * Work no person is waiting on (QR status checks, order-watch checks, export pages): the
   * limiter lets people's look-ups go first (priority 'background'), and no "Queued" notice is
   * shown for it.
   */
  background?: boolean;
}

/**
 * The one way Slack-side code calls the gateway: the workspace's budget first (a paid operation
 * past it is refused before anything is sent), then the shared client with the workspace token.
 */
export async function query<K extends Name>(
  deps: AppDeps,
  op: K,
  input: InputOf<K>,
  who: Partial<Asker> & { teamId: string },
  options: QueryOptions = {},
): Promise<GatewayAnswer<OutputOf<K>>> {
  deps.gateway.validate(op, input);
  const budget = await deps.dailyBudget(who.teamId);
  const timeZone = deps.config.spendSummary.timeZone;
  const decision = await deps.ledger.checkBudget({
    workspaceId: who.teamId,
    operationPaid: operations[op].paid,
    budget,
    timeZone,
    now: deps.clock(),
  });
  if (!decision.allowed) {
    const resets = instantToWallClock(decision.resetsAt, timeZone).slice(0, 16);
    throw new UserFacingError(
      'Daily budget reached',
      `This workspace has spent ${decision.spent} of its ${decision.budget} points today, so paid look-ups are paused until ${resets} (${timeZone}). Payment-order look-ups are free and still work. An admin can raise the budget with /querydesk config.`,
    );
  }
  const token = await deps.gatewayToken(who.teamId);
  return deps.gateway.call(
    op,
    input,
    { token, workspaceId: who.teamId, userId: who.userId, channelId: who.channelId },
    options.background
      ? { priority: 'background' }
      : { priority: 'interactive', onQueued: queuedListener() },
  );
}
