import { translator } from '../../i18n/translator.js';
import { lastAccountCharge, type QrSessionRow, recordedRefund } from '../../qr/index.js';
import type { SlackMessage } from '../blocks/message.js';
import { qrStatusMessage } from '../blocks/qr-status-message.js';
import type { AppDeps } from '../deps.js';
import { postedLocale } from '../settings/language.js';

/**
 * The status message for a stored session as it stands (state, watch, checks, charges), in the
 * language it was posted in.
 */
export async function renderSession(
  deps: Pick<AppDeps, 'store' | 'config' | 'gateway' | 'settings'>,
  row: QrSessionRow,
): Promise<SlackMessage> {
  const db = deps.store.db;
  return qrStatusMessage({
    mediaMark: row.media_mark,
    landingPage: row.landing_page,
    sessionId: row.session_id,
    url: row.url,
    askedBy: row.user_id,
    state: row.state,
    watch: row.watch_state,
    createdAt: new Date(Number(row.created_at)),
    lastCheckedAt: row.last_checked_at === null ? null : new Date(Number(row.last_checked_at)),
    checksMade: row.checks_made,
    pointsCharged: row.points_charged,
    refundedPoints:
      row.state === 3 ? await recordedRefund(db, row.workspace_id, row.session_id) : undefined,
    accountCharge: row.state === 2 ? await lastAccountCharge(db, row.workspace_id) : undefined,
    timeZone: deps.config.gateway.timeZone,
    sandbox: deps.gateway.sandbox,
    t: translator(await postedLocale(deps, row)),
  });
}
