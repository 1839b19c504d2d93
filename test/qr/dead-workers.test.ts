import { afterEach, describe, expect, it } from 'vitest';
import { qrDb } from '../../src/qr/session-row.js';
import { reapDeadWorkers } from '../../src/qr/worker-registry.js';
import type { Store } from '../../src/store/open-store.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';
import { storeQrSession } from '../fakes/qr-session.js';

const LEASE_MS = 5_000;
const NOW = 1_800_000_000_000;

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

/** A watched session last checked by `by` at `lastCheckedAt`, on a `gapMs` gap. */
const session = (
  store: Store,
  id: string,
  by: string,
  lastCheckedAt: number | null,
  gapMs: number,
) =>
  storeQrSession(store, id, NOW, {
    next_check_at: (lastCheckedAt ?? NOW) + gapMs,
    interval_ms: gapMs,
    dense_until: NOW - 60_000,
    checked_by: by,
    last_checked_at: lastCheckedAt,
    checks_made: 1,
    created_at: NOW - 120_000,
    updated_at: NOW - 120_000,
  });

async function worker(store: Store, id: string, heartbeatAt: number) {
  await qrDb(store.db)
    .insertInto('qr_workers')
    .values({ worker_id: id, started_at: NOW - 300_000, heartbeat_at: heartbeatAt })
    .execute();
}

async function nextChecks(store: Store): Promise<Record<string, number>> {
  const rows = await qrDb(store.db)
    .selectFrom('qr_sessions')
    .select(['session_id', 'next_check_at'])
    .execute();
  return Object.fromEntries(rows.map((r) => [r.session_id, Number(r.next_check_at)]));
}

async function workers(store: Store): Promise<string[]> {
  const rows = await qrDb(store.db).selectFrom('qr_workers').select('worker_id').execute();
  return rows.map((r) => r.worker_id).sort();
}

describe.each(DIALECTS)('a watcher silent for longer than a lease (%s)', (dialect) => {
  it('is taken over: its sessions past half their gap are checked now, the others keep their time', async () => {
    database = await freshDatabase(dialect);
    const store = await database.open();
    await worker(store, 'dead', NOW - 10_000);
    await session(store, 'sparse-due-soon', 'dead', NOW - 40_000, 60_000);
    await session(store, 'sparse-just-checked', 'dead', NOW - 12_000, 60_000);
    await session(store, 'dense', 'dead', NOW - 9_000, 3_000 * 4);
    await session(store, 'never-checked', 'dead', null, 3_000);
    await session(store, 'someone-elses', 'alive', NOW - 40_000, 60_000);

    expect(await reapDeadWorkers(store.db, 'me', NOW, LEASE_MS)).toBe(3);
    expect(await nextChecks(store)).toEqual({
      'sparse-due-soon': NOW,
      // 12 s after a check on a 60-s gap: a check now would be closer than half the gap.
      'sparse-just-checked': NOW - 12_000 + 60_000,
      dense: NOW,
      'never-checked': NOW,
      'someone-elses': NOW - 40_000 + 60_000,
    });
    expect(await workers(store)).toEqual([]);
  });

  it('is alive when it stored a check within the lease: nothing moves, it is not forgotten', async () => {
    database = await freshDatabase(dialect);
    const store = await database.open();
    // Heartbeat 8 s late (starved of CPU, or queued behind other statements)…
    await worker(store, 'slow', NOW - 8_000);
    // … but it checked a session 2 s ago.
    await session(store, 'checked-lately', 'slow', NOW - 2_000, 3_000);
    await session(store, 'sparse', 'slow', NOW - 40_000, 60_000);

    expect(await reapDeadWorkers(store.db, 'me', NOW, LEASE_MS)).toBe(0);
    expect(await nextChecks(store)).toEqual({
      'checked-lately': NOW - 2_000 + 3_000,
      sparse: NOW - 40_000 + 60_000,
    });
    expect(await workers(store)).toEqual(['slow']);

    // Once it has stored nothing for a whole lease either, it is dead: its sparse session is
    // checked now (the other is due already, for any watcher).
    const later = NOW + LEASE_MS;
    expect(await reapDeadWorkers(store.db, 'me', later, LEASE_MS)).toBe(1);
    expect(await nextChecks(store)).toEqual({ 'checked-lately': NOW + 1_000, sparse: later });
    expect(await workers(store)).toEqual([]);
  });
});
