import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.js';
import type { OrderWatchRow } from '../../src/watches/watch-row.js';
import { insertWatch, updateLeasedWatch, watchTable } from '../../src/watches/watch-store.js';
import { DIALECTS, freshDatabase } from '../fakes/databases.js';

// Two replicas share the watches. Each lists what is due, then claims it; between the two steps
// the other may check the watch and hand it back. The scale benchmark with three replicas caught
// one order looked up twice within 100 ms this way.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

const NOW = 1_800_000_000_000;

function watchRow(watchId: string, nextCheckAt: number): OrderWatchRow {
  return {
    workspace_id: 'T0',
    watch_id: watchId,
    channel_id: 'C0',
    user_id: 'U0',
    order_number: '420022405000045',
    merchant_num: '898310058120001',
    kind: 'platform',
    message_ts: '1.1',
    order_json: null,
    status: null,
    notified: 0,
    paid_at: null,
    alerted: 0,
    watch_state: 'watching',
    stopped_by: null,
    next_check_at: nextCheckAt,
    watch_until: NOW + 600_000,
    checks_made: 0,
    last_checked_at: null,
    lease_owner: null,
    lease_until: null,
    locale: null,
    created_at: NOW - 60_000,
    updated_at: NOW - 60_000,
  };
}

async function twoReplicas(dialect: (typeof DIALECTS)[number]): Promise<[Store, Store]> {
  const database = await freshDatabase(dialect);
  cleanups.push(() => database.dispose());
  return [await database.open(), await database.open()];
}

describe.each(DIALECTS)('claiming an order watch (%s)', (dialect) => {
  it('leaves a watch another replica checked after it was listed as due', async () => {
    const [a, b] = await twoReplicas(dialect);
    await insertWatch(a.db, watchRow('w1', NOW - 1_000));
    const aTable = watchTable(a.db);
    const bTable = watchTable(b.db);

    // B lists the watch as due; before B claims it, A claims, checks and hands it back.
    const listedByB = await bTable.spec.due(NOW, 10);
    expect(listedByB).toEqual([{ workspaceId: 'T0', watchId: 'w1' }]);
    const [claimedByA] = await aTable.claimMany(listedByB, 'replica-a', NOW, 15_000);
    expect(claimedByA?.watch_id).toBe('w1');
    const key = { workspaceId: 'T0', watchId: 'w1' };
    const checkedAt = NOW + 20;
    expect(
      await updateLeasedWatch(a.db, key, 'replica-a', {
        next_check_at: checkedAt + 60_000,
        last_checked_at: checkedAt,
        checks_made: 1,
      }),
    ).toBe(true);
    await aTable.releaseMany([key], 'replica-a');

    // B's claim comes after: the lease is free, but the watch is no longer due.
    expect(await bTable.claimMany(listedByB, 'replica-b', NOW + 50, 15_000)).toEqual([]);
    // Once due again, B takes it.
    const [claimedByB] = await bTable.claimMany(listedByB, 'replica-b', checkedAt + 60_000, 15_000);
    expect(claimedByB?.lease_owner).toBe('replica-b');
  });

  it('never claims a watch that has ended, due or not', async () => {
    const [a] = await twoReplicas(dialect);
    await insertWatch(a.db, { ...watchRow('w2', NOW - 1_000), watch_state: 'stopped' });
    const key = { workspaceId: 'T0', watchId: 'w2' };
    expect(await watchTable(a.db).claimMany([key], 'replica-a', NOW, 15_000)).toEqual([]);
  });
});
