import type { Locale } from '../i18n/locales.js';
import type { QrOwner } from './ports.js';
import { qrDb } from './session-row.js';

export interface NewQrSession {
  owner: QrOwner;
  sessionId: string;
  mediaMark: string;
  landingPage?: string;
  url: string;
  /** The status message already posted (its placeholder). */
  messageTs: string;
  pointsCharged: number;
  /** Base gap before the first check, and when that check is due (jitter applied). */
  firstGapMs: number;
  nextCheckAt: number;
  /** Checks stay dense until this instant (the schedule's dense phase from creation). */
  denseUntil: number;
  watchUntil: number;
  /**
   * Held by whoever creates it until the PNG and first edit are done: a watcher's id, so its
   * heartbeat renews the lease meanwhile and a crash frees the session within one short lease.
   */
  lease: { owner: string; until: number };
  now: number;
  /** The language the status message is posted in; every later edit keeps it. */
  locale: Locale;
  /**
   * The workflow step that started it, completed when its watch is over; its token is stored as
   * `sealToken` gives it for this session.
   */
  step?: { executionId: string; sealToken(sessionId: string): string };
}

/** Stores a just-created session, leased to its creator; the watcher takes it once released. */
export async function insertSession(
  db: Parameters<typeof qrDb>[0],
  s: NewQrSession,
): Promise<void> {
  await qrDb(db)
    .insertInto('qr_sessions')
    .values({
      workspace_id: s.owner.teamId,
      session_id: s.sessionId,
      channel_id: s.owner.channelId,
      user_id: s.owner.userId,
      media_mark: s.mediaMark,
      landing_page: s.landingPage ?? null,
      url: s.url,
      message_ts: s.messageTs,
      file_id: null,
      state: 1,
      watch_state: 'watching',
      next_check_at: s.nextCheckAt,
      interval_ms: s.firstGapMs,
      dense_until: s.denseUntil,
      checked_by: s.lease.owner,
      watch_until: s.watchUntil,
      checks_made: 0,
      points_charged: s.pointsCharged,
      // The message still shows the placeholder: the watcher repairs it if the creator crashes.
      message_state: 0,
      message_watch_state: 'watching',
      lease_owner: s.lease.owner,
      lease_until: s.lease.until,
      step_execution_id: s.step?.executionId ?? null,
      step_token: s.step ? s.step.sealToken(s.sessionId) : null,
      step_completed_at: null,
      locale: s.locale,
      created_at: s.now,
      updated_at: s.now,
    })
    .execute();
}
