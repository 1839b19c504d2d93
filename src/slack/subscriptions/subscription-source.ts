import { GatewayApiError, GatewayError } from '../../gateway/errors.js';
import { instantToWallClock } from '../../gateway/time.js';
import { gatewayErrorText } from '../../i18n/gateway-error-text.js';
import { translator } from '../../i18n/translator.js';
import { dayRange, lastCharge } from '../../ledger/index.js';
import {
  POLL_PAGE_SIZE,
  PollPaused,
  type SubscriptionRow,
  type SubscriptionSource,
} from '../../subscriptions/index.js';
import { ledgerNamesOf, SUBSCRIPTIONS_LEDGER } from '../../subscriptions/ledger-name.js';
import { UserFacingError } from '../blocks/error-card.js';
import type { AppDeps } from '../deps.js';
import { query } from '../lookup/query.js';
import { postedLocale } from '../settings/language.js';

/** Operation 7's newest price in a workspace, whether a lookup or a subscription paid it. */
export function lastPollPrice(deps: AppDeps, workspaceId: string): Promise<number | undefined> {
  return lastCharge(deps.store.db, workspaceId, ledgerNamesOf('shopOrders'));
}

const whoOf = (row: SubscriptionRow) => ({
  teamId: row.workspace_id,
  userId: row.user_id,
  channelId: row.channel_id,
  origin: SUBSCRIPTIONS_LEDGER,
  ...(row.approved_by ? { approvedBy: row.approved_by } : {}),
});

/** Polls as paid calls like a command's (who may spend, the budget's reservation, the audit). */
export function subscriptionSource(deps: AppDeps): SubscriptionSource {
  const budgetZone = deps.config.spendSummary.timeZone;
  const resumesAt = () => dayRange(deps.clock(), budgetZone).end.getTime();
  return {
    async checkBudget(row, priceOf) {
      const budget = await deps.dailyBudget(row.workspace_id);
      if (budget === undefined) return;
      const price = await priceOf();
      const spent = await deps.ledger.spentOnDay({
        workspaceId: row.workspace_id,
        day: deps.clock(),
        timeZone: budgetZone,
      });
      if (price === undefined ? spent >= budget : spent + price > budget) {
        throw new PollPaused(resumesAt());
      }
    },
    async page(row, start, page, mayStillSend) {
      const input = {
        ownerId: row.owner_id,
        edition: 'enhanced' as const,
        page,
        pageSize: POLL_PAGE_SIZE,
        start: instantToWallClock(new Date(start), deps.config.gateway.timeZone),
        remark: row.remark ?? undefined,
        remarkTag: row.remark_tag ?? undefined,
      };
      try {
        const answer = await query(deps, 'shopOrders', input, whoOf(row), {
          background: true,
          mayStillSend,
        });
        return { orders: answer.data.orders, total: answer.data.total, points: answer.points };
      } catch (err) {
        // The budget's own reservation refused it (other calls in flight took the room).
        if (err instanceof UserFacingError && err.kind === 'budget') {
          throw new PollPaused(resumesAt());
        }
        throw err;
      }
    },
    async describe(err, row) {
      // Kept on the row and shown in the subscription message: in the language it was posted in.
      const t = translator(await postedLocale(deps, row));
      if (err instanceof GatewayError) {
        const code =
          err.code !== undefined ? t('subscriptions.problem.code', { code: err.code }) : '';
        const url =
          err instanceof GatewayApiError && err.reason === 'unauthorized-shop'
            ? err.authUrl
            : undefined;
        const { meaning, remedy } = gatewayErrorText(t, err);
        return { words: t('subscriptions.problem.gateway', { meaning, code, remedy }), url };
      }
      if (err instanceof UserFacingError) return { words: `${err.title}. ${err.detail}` };
      return { words: t('subscriptions.problem.internal') };
    },
  };
}
