import { qrDb } from '../../src/qr/session-row.js';
import type { Store } from '../../src/store/open-store.js';

/**
 * Stores QR session `id` of workspace T1 as it stands: a code being watched, created a minute
 * before `now`, never checked, its status message up to date. `fields` override any column.
 */
export async function storeQrSession(
  store: Store,
  id: string,
  now: number,
  fields: Record<string, unknown> = {},
): Promise<void> {
  await qrDb(store.db)
    .insertInto('qr_sessions')
    .values({
      workspace_id: 'T1',
      session_id: id,
      channel_id: 'C1',
      user_id: 'U1',
      media_mark: id,
      landing_page: null,
      url: `https://qr.example/${id}`,
      message_ts: '1.1',
      file_id: null,
      state: 1,
      watch_state: 'watching',
      next_check_at: now,
      interval_ms: 3_000,
      dense_until: now,
      checked_by: null,
      last_checked_at: null,
      watch_until: now + 600_000,
      checks_made: 0,
      points_charged: 0,
      message_state: 1,
      message_watch_state: 'watching',
      lease_owner: null,
      lease_until: null,
      step_execution_id: null,
      step_token: null,
      step_completed_at: null,
      created_at: now - 60_000,
      updated_at: now - 60_000,
      ...fields,
    } as never)
    .execute();
}
