import { errorCard, UserFacingError } from '../slack/blocks/error-card.js';
import type { Asker, SlackMessage } from '../slack/blocks/message.js';
import { qrCreatingMessage, qrInviteMessage } from '../slack/blocks/qr-status-message.js';
import type { AppDeps } from '../slack/deps.js';
import { query } from '../slack/query.js';
import { slackFailure } from '../slack/slack-errors.js';
import type { NewCodeArgs } from './button-values.js';
import { renderQrPng } from './qr-image.js';
import { renderSession } from './render.js';
import { nextBaseGap } from './schedule.js';
import { qrDb } from './session-row.js';
import { findSession, type SessionKey, updateLeased } from './session-store.js';
import type { QrWatcher } from './watcher.js';
import type { WebClient } from './work-context.js';

export const QR_USAGE = '/qr <media_mark> [landing=PAGE]';

export type QrDeps = AppDeps & { watcher: QrWatcher };

/** What to tell the person who typed /qr (ephemerally); the channel already has the rest. */
export type QrStartResult =
  | { ok: true; sessionId: string; notice?: SlackMessage }
  | { ok: false; message: SlackMessage };

function slackProblem(err: unknown, charged: boolean): SlackMessage {
  const failure = slackFailure(err);
  if (failure.kind === 'not-in-channel') return qrInviteMessage({ error: failure.error, charged });
  return errorCard(err);
}

/**
 * `/qr`: a placeholder message first (a bot missing from the channel is found out before any
 * point is spent), then operation 1, the session stored and leased, the PNG uploaded, and the
 * placeholder turned into the live status message. The watcher takes it from there.
 */
export async function startQrOnboarding(
  deps: QrDeps,
  client: WebClient,
  who: Asker,
  args: NewCodeArgs,
): Promise<QrStartResult> {
  const log = deps.logger.child({ component: 'qr', workspaceId: who.teamId });
  const input = {
    mediaMark: args.mediaMark,
    ...(args.landingPage ? { landingPage: args.landingPage } : {}),
  };
  try {
    deps.gateway.validate('qrCreate', input);
  } catch (err) {
    return { ok: false, message: errorCard(err, QR_USAGE) };
  }
  let messageTs: string;
  try {
    const placeholder = qrCreatingMessage(args.mediaMark, who.userId, deps.gateway.sandbox);
    const posted = await client.chat.postMessage({ channel: who.channelId, ...placeholder });
    if (!posted.ts) throw new Error('chat.postMessage returned no ts');
    messageTs = posted.ts;
  } catch (err) {
    log.warn({ err, channelId: who.channelId }, 'qr status message could not be posted');
    return { ok: false, message: slackProblem(err, false) };
  }

  let session: { sessionId: string; url: string; points: number };
  try {
    const answer = await query(deps, 'qrCreate', input, who);
    session = { ...answer.data, points: answer.points };
  } catch (err) {
    await client.chat.delete({ channel: who.channelId, ts: messageTs }).catch(() => undefined);
    return { ok: false, message: errorCard(err, QR_USAGE) };
  }

  const key: SessionKey = { workspaceId: who.teamId, sessionId: session.sessionId };
  // Held under this process's watcher identity, so its heartbeat renews the lease while the
  // upload runs and a crash here frees the session within one short lease.
  const owner = deps.watcher.workerId;
  const now = deps.clock().getTime();
  const firstGap = nextBaseGap(deps.watcher.schedule, 0);
  try {
    await qrDb(deps.store.db)
      .insertInto('qr_sessions')
      .values({
        workspace_id: who.teamId,
        session_id: session.sessionId,
        channel_id: who.channelId,
        user_id: who.userId,
        media_mark: args.mediaMark,
        landing_page: args.landingPage ?? null,
        url: session.url,
        message_ts: messageTs,
        file_id: null,
        state: 1,
        watch_state: 'watching',
        next_check_at: now + deps.watcher.gap(firstGap),
        interval_ms: firstGap,
        dense_until: now + deps.watcher.schedule.denseMs,
        checked_by: owner,
        watch_until: now + deps.config.qr.watchTimeoutMs,
        checks_made: 0,
        points_charged: session.points,
        // The message still shows the placeholder: the watcher repairs it if we crash before the edit.
        message_state: 0,
        message_watch_state: 'watching',
        lease_owner: owner,
        lease_until: now + deps.watcher.leaseMs,
        created_at: now,
        updated_at: now,
      })
      .execute();
  } catch (err) {
    // Paid for but not stored: say so with the link rather than fail silently.
    log.error({ err, sessionId: session.sessionId }, 'qr session could not be stored');
    const why = new UserFacingError(
      'QR session not saved',
      `The QR session ${session.sessionId} was created but could not be saved, so it will not be watched. Its link: ${session.url}`,
    );
    return { ok: false, message: errorCard(why) };
  }

  let notice: SlackMessage | undefined;
  try {
    const png = await renderQrPng(session.url);
    const uploaded = await client.files.uploadV2({
      channel_id: who.channelId,
      file: png,
      filename: `qr-${args.mediaMark.replace(/[^\w.-]+/g, '_').slice(0, 60)}.png`,
      title: `QR login for ${args.mediaMark}`.slice(0, 250),
    });
    const fileId = uploadedFileId(uploaded);
    if (fileId) await updateLeased(deps.store.db, key, owner, { file_id: fileId });
  } catch (err) {
    log.warn({ err, sessionId: session.sessionId }, 'qr image upload failed');
    notice = slackProblem(err, true);
  }

  try {
    const row = await findSession(deps.store.db, key);
    if (row) {
      const message = await renderSession(deps, row);
      await client.chat.update({ channel: who.channelId, ts: messageTs, ...message });
      await updateLeased(deps.store.db, key, owner, {
        message_state: row.state,
        message_watch_state: row.watch_state,
      });
    }
  } catch (err) {
    // Left owed in the store: the watcher edits it once the lease is handed back.
    log.warn({ err, sessionId: session.sessionId }, 'qr status message edit failed');
  }
  await updateLeased(deps.store.db, key, owner, { lease_owner: null, lease_until: null });
  deps.watcher.kick();
  log.info({ sessionId: session.sessionId, points: session.points }, 'qr session started');
  return { ok: true, sessionId: session.sessionId, ...(notice ? { notice } : {}) };
}

/** files.uploadV2 answers with one completeUploadExternal result per upload, each listing files. */
function uploadedFileId(result: unknown): string | undefined {
  const outer = Reflect.get(Object(result), 'files');
  const first: unknown = Array.isArray(outer) ? outer[0] : undefined;
  const inner = Reflect.get(Object(first), 'files');
  const file: unknown = Array.isArray(inner) ? inner[0] : first;
  const id = Reflect.get(Object(file), 'id');
  return typeof id === 'string' ? id : undefined;
}
