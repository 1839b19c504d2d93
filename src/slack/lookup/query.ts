import type { GatewayAnswer } from '../../gateway/client.js';
import type { InputOf, OutputOf } from '../../gateway/operations/index.js';
import { operations } from '../../gateway/operations/index.js';
import { instantToWallClock } from '../../gateway/time.js';
import { ledgerNamesOf } from '../../subscriptions/ledger-name.js';
import { refusal } from '../blocks/error-card.js';
import type { Asker } from '../blocks/message.js';
import type { AppDeps } from '../deps.js';
import type { SpendRules } from '../settings/workspace-settings.js';

type Name = keyof typeof operations;

export interface QueryOptions {
  /**
   * Work no person is waiting on (QR status checks, order-watch checks, export pages): the
   * limiter lets people's look-ups go first (priority 'background'), and no "Queued" notice is
   * shown for it.
   */
  background?: boolean;
  /** Asked as the call is about to leave: false withdraws it unsent (gateway/call.ts). */
  mayStillSend?: () => boolean;
  /**
   * Check "who may spend" for the free operation too. The contract restricts a workflow step's
   * every gateway call (its person, or no user list at all), where a person's `/payorder` is free
   * and unrestricted.
   */
  restrictFree?: boolean;
}

/**
 * "Paid commands allowed in / for": every paid operation (the free payment order is not
 * restricted, as the contract says). Empty lists: anywhere, anyone.
 */
export async function checkWhoMaySpend(
  deps: AppDeps,
  who: Partial<Asker> & { teamId: string },
): Promise<void> {
  maySpend(await deps.settings.spendRules(who.teamId), who);
}

/** `checkWhoMaySpend` with the workspace's rules already read. */
function maySpend(rules: SpendRules, who: Partial<Asker>): void {
  const channelOk =
    rules.channels.length === 0 || (!!who.channelId && rules.channels.includes(who.channelId));
  const userOk = rules.users.length === 0 || (!!who.userId && rules.users.includes(who.userId));
  if (channelOk && userOk) return;
  throw refusal((t) => ({
    title: t('lookup.notAllowed.title'),
    detail: t(userOk ? 'lookup.notAllowed.channel' : 'lookup.notAllowed.user'),
  }));
}

/**
 * The one way Slack-side code calls the gateway: who may spend, then room in the workspace's
 * budget is reserved (a paid operation past it is refused before anything is sent; one that only
 * meets calls in flight waits for them), then the shared client with the workspace token (a
 * workspace without one, in many-workspace mode, is told to ask an admin), then the hold is
 * settled with what the answer charged.
 */
export async function query<K extends Name>(
  deps: AppDeps,
  op: K,
  input: InputOf<K>,
  who: Partial<Asker> & { teamId: string },
  options: QueryOptions = {},
): Promise<GatewayAnswer<OutputOf<K>>> {
  deps.gateway.validate(op, input);
  // One read of the workspace's settings serves who may spend, the budget and the token.
  const settings = await deps.settings.forCall(who.teamId);
  if (operations[op].paid || options.restrictFree) maySpend(settings.rules, who);
  const budget = settings.budget;
  const timeZone = deps.config.spendSummary.timeZone;
  const reservation = await deps.ledger.reserveBudget({
    workspaceId: who.teamId,
    operation: op,
    priceNames: ledgerNamesOf(op),
    operationPaid: operations[op].paid,
    budget,
    timeZone,
    now: deps.clock(),
  });
  if (!reservation.allowed) {
    const resets = instantToWallClock(reservation.resetsAt, timeZone);
    const { spent, budget: limit } = reservation;
    throw refusal(
      (t) => ({
        title: t('lookup.budget.title'),
        detail: t('lookup.budget.detail', { spent, budget: limit, resets, timeZone }),
      }),
      'budget',
    );
  }
  let charged: number | undefined;
  try {
    const token = settings.token();
    const answer = await deps.gateway.call(
      op,
      input,
      {
        token,
        workspaceId: who.teamId,
        userId: who.userId,
        channelId: who.channelId,
        origin: who.origin ?? 'background',
        ...(who.approvedBy ? { approvedBy: who.approvedBy } : {}),
        dailyBudget: budget ?? null,
      },
      {
        ...(options.background
          ? { priority: 'background' as const }
          : { priority: 'interactive' as const, onQueued: who.onQueued }),
        mayStillSend: options.mayStillSend,
      },
    );
    if (answer.kind === 'charge') charged = answer.points;
    return answer;
  } finally {
    await reservation.hold.settle(charged).catch((err: unknown) => {
      deps.logger.warn({ err, op }, 'budget hold not settled; it lapses by itself');
    });
  }
}
