import { pino } from 'pino';
import { afterEach } from 'vitest';
import { createLedger, type Ledger } from '../../src/ledger/ledger.js';
import type { LedgerEntryInput } from '../../src/ledger/types.js';
import type { StoreDialect } from '../../src/store/database.js';
import type { Store } from '../../src/store/open-store.js';
import { freshStore, type TestDatabase } from './databases.js';

/** A clock the test moves by hand. */
export function manualClock(start: string) {
  let now = new Date(start);
  return {
    clock: () => now,
    set(iso: string) {
      now = new Date(iso);
    },
  };
}

export function ledgerOn(store: Store, clock: () => Date): Ledger {
  return createLedger({ store, clock, logger: pino({ level: 'silent' }) });
}

/**
 * For the tests of one describe block: `freshLedger(start)` gives a fresh store of `dialect`, a
 * clock the test moves by hand from `start` and a ledger on both; each is thrown away after its
 * test.
 */
export function ledgerPerTest(dialect: StoreDialect) {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });
  return async function freshLedger(start: string) {
    const fresh = await freshStore(dialect);
    database = fresh.database;
    const time = manualClock(start);
    return { ...fresh, time, ledger: ledgerOn(fresh.store, time.clock) };
  };
}

let seq = 0;
/** A charge of `points` for `operation`, with the bookkeeping fields filled in. */
export function charge(
  points: number,
  operation = 'accountData',
  extra: Partial<LedgerEntryInput> = {},
): LedgerEntryInput {
  seq += 1;
  return {
    workspaceId: 'T1',
    userId: 'U1',
    channelId: 'C1',
    operation,
    points,
    kind: 'charge',
    gatewayCode: 0,
    requestId: `req-${seq}`,
    ...extra,
  };
}

export function refund(points: number, qrSessionId: string, extra: Partial<LedgerEntryInput> = {}) {
  return charge(points, 'qrStatus', { kind: 'refund', qrSessionId, ...extra });
}
