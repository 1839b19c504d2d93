import { afterEach, describe, expect, it } from 'vitest';
import { nextDueAt } from '../../src/qr/session-store.js';
import type { Store } from '../../src/store/open-store.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';
import { storeQrSession } from '../fakes/qr-session.js';

const NOW = 1_800_000_000_000;

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

/** A session due at `dueAt`, in `watchState`, leased to `owner` until `leaseUntil` (or free). */
const session = (
  store: Store,
  id: string,
  dueAt: number,
  opts: { watchState?: string; owner?: string; leaseUntil?: number } = {},
) =>
  storeQrSession(store, id, NOW, {
    next_check_at: dueAt,
    watch_state: opts.watchState ?? 'watching',
    message_watch_state: opts.watchState ?? 'watching',
    lease_owner: opts.owner ?? null,
    lease_until: opts.leaseUntil ?? null,
  });

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
