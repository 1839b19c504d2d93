import { readLedgerConfig } from '../config.js';
import { openStore, type Store } from '../store/index.js';
import { verifyAggregates } from './verify.js';

/**
 * `npm run ledger:verify`: compares the ledger's aggregates with the sums of its entries in the
 * database named by DATABASE_URL. Prints every row that differs; exits 1 if any does, 2 if the
 * check could not run. It writes nothing beyond what opening the store does (pending migrations).
 * Aggregates kept in another zone than SPEND_SUMMARY_TZ (the bot rebuilds them on its next start),
 * or not built yet over existing entries, are reported and also fail the check.
 */
async function main(): Promise<number> {
  const { databaseUrl, timeZone } = readLedgerConfig(process.env);
  const store = await openStore(databaseUrl);
  try {
    const r = await verifyAggregates(store.db);
    // A ledger with no entries and no rows yet (the bot never started on it) has nothing to differ.
    const zoneOk = r.zone === timeZone || (r.zone === undefined && !(await hasEntries(store)));
    if (!zoneOk) {
      process.stdout.write(
        `ZONE aggregates are ${r.zone ? `kept in ${r.zone}` : 'not built yet'}; SPEND_SUMMARY_TZ is ${timeZone} (the bot rebuilds them when it starts)\n`,
      );
    }
    for (const m of r.mismatches) {
      process.stdout.write(
        `MISMATCH workspace=${m.workspaceId} day=${m.day} operation=${m.operation} user=${m.userId || '-'} kind=${m.kind}: aggregate ${m.aggregate.points} points / ${m.aggregate.calls} entries, entries ${m.entries.points} points / ${m.entries.calls} entries\n`,
      );
    }
    process.stdout.write(
      `${r.mismatches.length === 0 && zoneOk ? 'OK' : 'FAILED'}: ${r.rowsChecked} aggregate rows over ${r.daysChecked} days checked (zone ${r.zone ?? '-'}), ${r.mismatches.length} differ\n`,
    );
    return r.mismatches.length === 0 && zoneOk ? 0 : 1;
  } finally {
    await store.close();
  }
}

async function hasEntries(store: Store): Promise<boolean> {
  const row = await store.db.selectFrom('ledger_entries').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `ledger:verify could not run: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    process.exit(2);
  },
);
