import { describe, expect, it } from 'vitest';
import { createLeaseHeartbeat } from '../../src/store/lease-heartbeat.js';
import type { LeaseColumns, LeasedTable } from '../../src/store/leased-rows.js';
import { eventually } from '../fakes/eventually.js';
import { captureLogger } from '../fakes/log-capture.js';

// A renewal statement answers for the rows in hand when it started. A row whose work ended while
// the statement ran was handed back, so the renewal rightly no longer finds it; that is not a
// lost lease. The three-replica scale run logged about 700 such false "lease lost" warnings in
// four minutes, each some 20 ms after its check had ended.

/** A table whose renewal waits until the test answers it with the rows it found still held. */
function pausedRenewals() {
  const pending: ((held: Set<string>) => void)[] = [];
  const table = {
    id: (key: string) => key,
    renew: () => new Promise<Set<string>>((answer) => pending.push(answer)),
  } as unknown as LeasedTable<string, LeaseColumns>;
  return { table, pending };
}

function heartbeat(table: LeasedTable<string, LeaseColumns>) {
  const log = captureLogger();
  const beat = createLeaseHeartbeat({
    table,
    owner: 'replica-a',
    leaseMs: 30,
    now: () => Date.now(),
    log: log.logger,
  });
  const lostWarnings = () => log.lines().filter((l) => l.msg === 'lease lost; its work stops');
  return { beat, lostWarnings };
}

describe('the lease heartbeat', () => {
  it('does not call a lease lost when its work ended while the renewal ran', async () => {
    const { table, pending } = pausedRenewals();
    const { beat, lostWarnings } = heartbeat(table);
    const hold = beat.hold('row-1', Date.now() + 30);
    beat.start();
    await eventually(() => pending.length === 1, 2_000, 'a renewal under way');
    beat.drop('row-1');
    pending[0]!(new Set());
    await eventually(() => pending.length === 2, 2_000, 'the next renewal');
    beat.stop();
    expect(hold.lost).toBe(false);
    expect(lostWarnings()).toEqual([]);
  });

  it('calls a lease lost when the row is still in hand and the renewal did not find it', async () => {
    const { table, pending } = pausedRenewals();
    const { beat, lostWarnings } = heartbeat(table);
    const kept = beat.hold('row-1', Date.now() + 30);
    const taken = beat.hold('row-2', Date.now() + 30);
    beat.start();
    await eventually(() => pending.length === 1, 2_000, 'a renewal under way');
    pending[0]!(new Set(['row-1']));
    await eventually(() => lostWarnings().length === 1, 2_000, 'one lost lease');
    beat.stop();
    expect(kept.lost).toBe(false);
    expect(taken.lost).toBe(true);
    expect(lostWarnings()[0]?.key).toBe('row-2');
  });
});
