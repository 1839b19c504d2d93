import type { WebClient } from '@slack/web-api';
import { findSession } from '../../qr/index.js';
import { errorCard, UserFacingError } from '../blocks/error-card.js';
import { ENGLISH } from '../blocks/format.js';
import type { Asker } from '../blocks/message.js';
import { qrAccountThreadMessage } from '../blocks/qr-account-thread.js';
import { slackFailure } from '../delivery/slack-errors.js';
import type { AppDeps } from '../deps.js';
import { query } from '../lookup/query.js';
import type { QrActionResult } from './action-result.js';

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
  if (!row) {
    const why = new UserFacingError('Unknown QR session', `No QR session ${sessionId} here.`);
    return { ok: false, message: errorCard(why, ENGLISH) };
  }
  if (row.state !== 2) {
    const why = new UserFacingError(
      'Not scanned',
      'Account analytics can be loaded once the QR code has been scanned.',
    );
    return { ok: false, message: errorCard(why, ENGLISH) };
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
    });
  } catch (err) {
    return { ok: false, message: errorCard(err, ENGLISH) };
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
    return { ok: false, message };
  }
}
