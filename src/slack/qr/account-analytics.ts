import type { WebClient } from '@slack/web-api';
import { type Translate, translator } from '../../i18n/translator.js';
import { findSession } from '../../qr/index.js';
import { errorCard } from '../blocks/error-card.js';
import type { Asker } from '../blocks/message.js';
import { qrAccountThreadMessage } from '../blocks/qr-account-thread.js';
import { slackFailure } from '../delivery/slack-errors.js';
import type { AppDeps } from '../deps.js';
import { query } from '../lookup/query.js';
import { postedLocale } from '../settings/language.js';
import { type QrActionResult, refusal, unknownSession } from './action-result.js';

/**
 * "Load account analytics" on a scanned session's status message: operation 2 by session id
 * (paid, through the budget check), the account card posted in the status message's thread.
 */
export async function loadAccountAnalytics(
  deps: AppDeps,
  client: WebClient,
  who: Asker,
  sessionId: string,
): Promise<QrActionResult> {
  const row = await findSession(deps.store.db, { workspaceId: who.teamId, sessionId });
  if (!row) return { ok: false, message: unknownSession(sessionId) };
  if (row.state !== 2) {
    const message = (t: Translate) =>
      refusal(t, t('qr.error.notScannedTitle'), t('qr.error.notScannedDetail'));
    return { ok: false, message };
  }
  let message: ReturnType<typeof qrAccountThreadMessage>;
  try {
    const answer = await query(deps, 'accountData', { sessionId }, who);
    message = qrAccountThreadMessage({
      data: answer.data,
      askedBy: who.userId,
      sessionId,
      points: answer.points,
      timeZone: deps.config.gateway.timeZone,
      sandbox: deps.gateway.sandbox,
      // Posted in the status message's thread: that message's language.
      t: translator(await postedLocale(deps, row)),
    });
  } catch (err) {
    return { ok: false, message: (t) => errorCard(err, t) };
  }
  try {
    await client.chat.postMessage({
      channel: row.channel_id,
      ...(row.message_ts ? { thread_ts: row.message_ts } : {}),
      ...message,
    });
    return { ok: true };
  } catch (err) {
    deps.logger.warn({ err, failure: slackFailure(err), sessionId }, 'qr account post failed');
    // Already paid for: show it to the person who clicked rather than lose it.
    return { ok: false, message: () => message };
  }
}
