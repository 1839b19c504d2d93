import { afterEach, describe, expect, it } from 'vitest';
import { expectedPrice, notePrice } from '../../src/ledger/price.js';
import type { Db } from '../../src/store/database.js';
import { DIALECTS, freshStore } from '../fakes/databases.js';

// Every answered charge notes its operation's price (for budget holds). An unchanged price noted
// again the same day writes nothing; a new price or a new day writes as before.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

const DAY = 86_400_000;
const at = (day: number, hour = 1) =>
  new Date(Date.UTC(2026, 10, 25) + day * DAY + hour * 3_600_000);
const note = (db: Db, points: number, when: Date, operation = 'qrStatus') =>
  notePrice(db, { workspaceId: 'T1', operation, points, at: when });
const lastPrice = async (db: Db, operation = 'qrStatus') =>
  (
    await db
      .selectFrom('ledger_prices')
      .select('points')
      .where('workspace_id', '=', 'T1')
      .where('operation', '=', operation)
      .executeTakeFirst()
  )?.points;

describe.each(DIALECTS)('price notes (%s)', (dialect) => {
  it('skips an unchanged price the same day, writes a new price or a new day', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const db = store.db;
    await note(db, 5, at(0));
    expect(Number(await lastPrice(db))).toBe(5);

    // The rows are removed behind its back: an unchanged price the same day is not written again.
    await db.deleteFrom('ledger_prices').execute();
    await note(db, 5, at(0, 2));
    expect(await lastPrice(db)).toBeUndefined();
    // Another operation is its own price.
    await note(db, 5, at(0, 2), 'payOrder');
    expect(Number(await lastPrice(db, 'payOrder'))).toBe(5);

    // A different price is written, and so is the earlier one when it comes back below the peak
    // it set (the last price changed).
    await note(db, 3, at(0, 3));
    expect(Number(await lastPrice(db))).toBe(3);
    await note(db, 5, at(0, 4));
    expect(Number(await lastPrice(db))).toBe(5);
    expect(
      await expectedPrice(db, { workspaceId: 'T1', operation: 'qrStatus', now: at(0, 5) }),
    ).toBe(5);

    // The next day the same price is written again (its day's peak row too).
    await db.deleteFrom('ledger_prices').execute();
    await note(db, 5, at(1));
    expect(Number(await lastPrice(db))).toBe(5);
    const peaks = await db
      .selectFrom('ledger_price_peaks')
      .select(['day', 'points'])
      .where('operation', '=', 'qrStatus')
      .execute();
    expect(peaks.map((p) => Number(p.points))).toEqual([5, 5]);
  });

  it('a higher price the same day raises the peak that the skipped notes rely on', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const db = store.db;
    await note(db, 4, at(0));
    await note(db, 9, at(0, 2));
    await note(db, 4, at(0, 3));
    await note(db, 4, at(0, 4));
    expect(
      await expectedPrice(db, { workspaceId: 'T1', operation: 'qrStatus', now: at(0, 5) }),
    ).toBe(9);
    expect(Number(await lastPrice(db))).toBe(4);
  });
});
