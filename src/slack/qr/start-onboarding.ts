import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import { type Translate, translator } from '../../i18n/translator.js';
import {
  findSession,
  insertSession,
  nextBaseGap,
  renderQrPng,
  type SessionKey,
  updateLeased,
} from '../../qr/index.js';
import { errorCard, UserFacingError } from '../blocks/error-card.js';
import type { Asker, SlackMessage } from '../blocks/message.js';
import type { NewCodeArgs } from '../blocks/qr-button-values.js';
import { qrCreatingMessage, qrInviteMessage } from '../blocks/qr-status-message.js';
import type { SlackDeps } from '../context.js';
import { slackFailure } from '../delivery/slack-errors.js';
import { checkWhoMaySpend, query } from '../lookup/query.js';
import { channelLocale, personLocale } from '../settings/language.js';
import { renderSession } from './render.js';

/** What to tell the person who typed /qr (ephemerally); the channel already has the rest. */
export type QrStartResult =
  | { ok: true; sessionId: string; notice?: SlackMessage }
  /** `error`: the failure itself when it is not ours to word (a workflow step words it again). */
  | { ok: false; message: SlackMessage; error?: unknown };

function slackProblem(
  err: unknown,
  charged: boolean,
  t: Translate,
  again: 'qr' | 'workflow',
): SlackMessage {
  const failure = slackFailure(err);
  if (failure.kind === 'not-in-channel') {
    return qrInviteMessage({ error: failure.error, charged, t, again });
  }
  return errorCard(err, t);
}

/**
 * `/qr`: a placeholder message first (a bot missing from the channel is found out before any
 * point is spent), then operation 1, the session stored and leased, the PNG uploaded, and the
 * placeholder turned into the live status message. The watcher takes it from there.
 */
export function startQrOnboarding(
  deps: SlackDeps,
  client: WebClient,
  who: Asker,
  args: NewCodeArgs,
  /** Shown with a refusal (`/qr <media_mark> …`). */
  usage?: string,
  /** A workflow step's execution, completed when the watch is over (its token sealed for the session). */
  step?: { executionId: string; sealToken(sessionId: string): string },
): Promise<QrStartResult> {
  // New work: made in turn with the thread's other makings (WorkTracker.make).
  return deps.work.make(() => setUpQrOnboarding(deps, client, who, args, usage, step));
}

async function setUpQrOnboarding(
  deps: SlackDeps,
  client: WebClient,
  who: Asker,
  args: NewCodeArgs,
  usage: string | undefined,
  step: { executionId: string; sealToken(sessionId: string): string } | undefined,
): Promise<QrStartResult> {
  const log = deps.logger.child({ component: 'qr', workspaceId: who.teamId });
  // The refusals are private: the person's language, or for a workflow step the workspace's.
  const again = step ? 'workflow' : 'qr';
  const privately = async (): Promise<Translate> =>
    translator(
      step
        ? await channelLocale(deps, who.teamId)
        : await personLocale(deps, client, who.teamId, who.userId),
    );
  const input = {
    mediaMark: args.mediaMark,
    ...(args.landingPage ? { landingPage: args.landingPage } : {}),
  };
  try {
    deps.gateway.validate('qrCreate', input);
    // Refused callers and workspaces without a gateway token see no placeholder in the channel.
    await checkWhoMaySpend(deps, who);
    await deps.gatewayToken(who.teamId);
  } catch (err) {
    return { ok: false, message: errorCard(err, await privately(), usage), error: err };
  }
  let messageTs: string;
  // The status message is the channel's: the workspace's language, kept for every later edit.
  const locale = await channelLocale(deps, who.teamId);
  const t = translator(locale);
  try {
    const placeholder = qrCreatingMessage(args.mediaMark, who.userId, deps.gateway.sandbox, t);
    const posted = await client.chat.postMessage({ channel: who.channelId, ...placeholder });
    if (!posted.ts) throw new Error('chat.postMessage returned no ts');
    messageTs = posted.ts;
  } catch (err) {
    log.warn({ err, channelId: who.channelId }, 'qr status message could not be posted');
    return { ok: false, message: slackProblem(err, false, await privately(), again) };
  }

  let session: { sessionId: string; url: string; points: number };
  try {
    const answer = await query(deps, 'qrCreate', input, who);
    session = { ...answer.data, points: answer.points };
  } catch (err) {
    await client.chat.delete({ channel: who.channelId, ts: messageTs }).catch(() => undefined);
    return { ok: false, message: errorCard(err, await privately(), usage), error: err };
  }

  const key: SessionKey = { workspaceId: who.teamId, sessionId: session.sessionId };
  // Held under this process's watcher identity, so its heartbeat renews the lease while the
  // upload runs and a crash here (or a failed hand-back) frees the session within one lease.
  const owner = deps.watcher.workerId;
  const now = deps.clock().getTime();
  const firstGap = nextBaseGap(deps.watcher.schedule, 0);
  const firstCheckAt = now + deps.watcher.gap(firstGap);
  try {
    await insertSession(deps.store.db, {
      owner: who,
      sessionId: session.sessionId,
      mediaMark: args.mediaMark,
      landingPage: args.landingPage,
      url: session.url,
      messageTs,
      pointsCharged: session.points,
      firstGapMs: firstGap,
      nextCheckAt: firstCheckAt,
      denseUntil: now + deps.watcher.schedule.denseMs,
      watchUntil: now + deps.config.qr.watchTimeoutMs,
      lease: { owner, until: now + deps.watcher.leaseMs },
      now,
      locale,
      ...(step ? { step } : {}),
    });
  } catch (err) {
    // Paid for but not stored: say so with the link rather than fail silently.
    log.error({ err, sessionId: session.sessionId }, 'qr session could not be stored');
    const mine = await privately();
    const why = new UserFacingError(
      mine('qr.error.notSavedTitle'),
      mine('qr.error.notSavedDetail', { session: session.sessionId, url: session.url }),
    );
    return { ok: false, message: errorCard(why, mine) };
  }
  const { url } = session;
  const shown = { key, who, mediaMark: args.mediaMark, url, messageTs, t, at: now, firstCheckAt };
  const notice = await showSession(deps, client, shown, log, async (err) =>
    slackProblem(err, true, await privately(), again),
  );
  deps.watcher.kick();
  log.info({ sessionId: session.sessionId, points: session.points }, 'qr session started');
  return { ok: true, sessionId: session.sessionId, ...(notice ? { notice } : {}) };
}

/**
 * A stored session's PNG uploaded and its placeholder turned into the status message, under the
 * watcher's heartbeat; its lease handed to the watchers after, whatever happened. What to tell the
 * person when the image could not be shown.
 */
async function showSession(
  deps: SlackDeps,
  client: WebClient,
  s: {
    key: SessionKey;
    who: Asker;
    mediaMark: string;
    url: string;
    messageTs: string;
    t: Translate;
    /** When the session was stored, leased to the watcher. */
    at: number;
    /** When its first check is due: made then even if the set-up is still under way. */
    firstCheckAt: number;
  },
  log: Logger,
  problem: (err: unknown) => Promise<SlackMessage>,
): Promise<SlackMessage | undefined> {
  const owner = deps.watcher.workerId;
  const held = deps.watcher.hold(s.key, s.at, s.firstCheckAt);
  let notice: SlackMessage | undefined;
  try {
    try {
      const png = await (deps.drawQr ?? renderQrPng)(s.url);
      const fileId = await uploadQr(client, s.who.channelId, s.mediaMark, png, s.t);
      if (fileId) await updateLeased(deps.store.db, s.key, owner, { file_id: fileId });
    } catch (err) {
      log.warn({ err, sessionId: s.key.sessionId }, 'qr image upload failed');
      notice = await problem(err);
    }
    try {
      // A first check made meanwhile is stored before the row is read: the edit shows it.
      await held.settle();
      const row = await findSession(deps.store.db, s.key);
      if (row) {
        const message = await renderSession(deps, row);
        await client.chat.update({ channel: s.who.channelId, ts: s.messageTs, ...message });
        await updateLeased(deps.store.db, s.key, owner, {
          message_state: row.state,
          message_watch_state: row.watch_state,
        });
      }
    } catch (err) {
      // Left owed in the store: the watcher edits it once the lease is handed back.
      log.warn({ err, sessionId: s.key.sessionId }, 'qr status message edit failed');
    }
  } finally {
    await held.release();
  }
  return notice;
}

/** The QR code's PNG into the channel, titled in the status message's language; its file id. */
async function uploadQr(
  client: WebClient,
  channelId: string,
  mediaMark: string,
  png: Buffer,
  t: Translate,
): Promise<string | undefined> {
  const uploaded = await client.files.uploadV2({
    channel_id: channelId,
    file: png,
    filename: `qr-${mediaMark.replace(/[^\w.-]+/g, '_').slice(0, 60)}.png`,
    title: t('qr.title', { mark: mediaMark }).slice(0, 250),
  });
  return uploadedFileId(uploaded);
}

/** files.uploadV2 answers with one completeUploadExternal result per upload, each listing files. */
export function uploadedFileId(result: unknown): string | undefined {
  const outer = Reflect.get(Object(result), 'files');
  const first: unknown = Array.isArray(outer) ? outer[0] : undefined;
  const inner = Reflect.get(Object(first), 'files');
  const file: unknown = Array.isArray(inner) ? inner[0] : first;
  const id = Reflect.get(Object(file), 'id');
  return typeof id === 'string' ? id : undefined;
}
