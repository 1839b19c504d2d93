import { afterEach, describe, expect, it } from 'vitest';
import { qrDb } from '../../src/qr/session-row.js';
import { nextDueAt } from '../../src/qr/session-store.js';
import type { Store } from '../../src/store/open-store.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';

const NOW = 1_800_000_000_000;

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

/** A session due at `dueAt`, in `watchState`, leased to `owner` until `leaseUntil` (or free). */
async function session(
  store: Store,
  id: string,
  dueAt: number,
  opts: { watchState?: string; owner?: string; leaseUntil?: number } = {},
) {
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
      watch_state: opts.watchState ?? 'watching',
      next_check_at: dueAt,
      interval_ms: 3000,
      dense_until: NOW,
      checked_by: null,
      last_checked_at: null,
      watch_until: NOW + 600_000,
      checks_made: 0,
      points_charged: 0,
      message_state: 1,
      message_watch_state: opts.watchState ?? 'watching',
      lease_owner: opts.owner ?? null,
      lease_until: opts.leaseUntil ?? null,
      step_execution_id: null,
      step_token: null,
      step_completed_at: null,
      created_at: NOW - 1000,
      updated_at: NOW - 1000,
    } as never)
    .execute();
}

describe.each(DIALECTS)('when the QR watcher looks again, on %s', (dialect) => {
  it('is nothing with no watched session, and ignores ended ones', async () => {
    database = await freshDatabase(dialect);
    const store = await database.open();
    expect(await nextDueAt(store.db, NOW)).toBeUndefined();
    await session(store, 'done', NOW - 50_000, { watchState: 'done' });
    expect(await nextDueAt(store.db, NOW)).toBeUndefined();
  });

  it('is the earliest check of a session nobody holds, skipping held ones', async () => {
    database = await freshDatabase(dialect);
    const store = await database.open();
    await session(store, 'held-early', NOW + 1_000, { owner: 'w1', leaseUntil: NOW + 9_000 });
    await session(store, 'free-late', NOW + 7_000);
    await session(store, 'free', NOW + 4_000);
    await session(store, 'ended', NOW + 500, { watchState: 'done' });
    expect(await nextDueAt(store.db, NOW)).toBe(NOW + 4_000);
  });

  it('is a held lease lapsing when that comes first; a lapsed lease counts as free', async () => {
    database = await freshDatabase(dialect);
    const store = await database.open();
    await session(store, 'free', NOW + 8_000);
    await session(store, 'held', NOW + 1_000, { owner: 'w1', leaseUntil: NOW + 3_000 });
    await session(store, 'held-later', NOW + 1_000, { owner: 'w2', leaseUntil: NOW + 6_000 });
    expect(await nextDueAt(store.db, NOW)).toBe(NOW + 3_000);
    // A killed worker's lease, already past: that session is due now, as a free one.
    await session(store, 'lapsed', NOW - 2_000, { owner: 'dead', leaseUntil: NOW - 1 });
    expect(await nextDueAt(store.db, NOW)).toBe(NOW - 2_000);
  });
});
