import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config.js';
import { createLedger, type Ledger } from '../../src/ledger/ledger.js';
import { verifyAggregates } from '../../src/ledger/verify.js';
import type { Store } from '../../src/store/open-store.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';
import { charge, manualClock, refund } from '../fakes/ledger.js';

const ZONE = 'Asia/Shanghai';
const DAY = 86_400_000;
const silent = pino({ level: 'silent' });

describe.each(DIALECTS)('ledger retention on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  const count = async (store: Store) =>
    Number(
      (
        await store.db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('deletes entries past the retention once a day across replicas, and every report stays the same', async () => {
    database = await freshDatabase(dialect);
    const [a, b] = [await database.open(), await database.open()];
    const time = manualClock('2026-09-01T04:00:00Z');
    const ledgers: Ledger[] = [a, b].map((store) =>
      createLedger({ store, clock: time.clock, logger: silent, timeZone: ZONE }),
    );
    // One charge a day for 60 days, and a refund every tenth day.
    const start = Date.parse('2026-09-01T04:00:00Z');
    for (let d = 0; d < 60; d++) {
      time.set(new Date(start + d * DAY).toISOString());
      await ledgers[0]!.record(charge(d + 1, 'accountData', { userId: `U${d % 3}` }));
      if (d % 10 === 0) await ledgers[0]!.record(refund(2, `S${d}`));
    }
    const now = new Date(start + 59 * DAY + 3_600_000);
    time.set(now.toISOString());
    const all = { workspaceId: 'T1', from: new Date(start - DAY), to: now, timeZone: ZONE };
    const before = await ledgers[0]!.spend(all);

    const [first, second] = await Promise.all(ledgers.map((l) => l.prune({ retentionDays: 35 })));
    const after = await ledgers[1]!.spend(all);
    const check = await verifyAggregates(a.db);

    expect([first?.status, second?.status].sort()).toEqual(['claimed-elsewhere', 'pruned']);
    // Today and the 35 local days before it kept, one charge each, plus 3 refunds among them.
    expect(await count(a)).toBe(36 + 3);
    expect(after).toEqual(before);
    expect(check.mismatches).toEqual([]);
    expect((await ledgers[0]!.prune({ retentionDays: 35 })).status).toBe('claimed-elsewhere');
    time.set(new Date(now.getTime() + DAY).toISOString());
    expect(await ledgers[1]!.prune({ retentionDays: 35 })).toMatchObject({
      status: 'pruned',
      deleted: 1,
    });
  });
});

describe('LEDGER_RETENTION_DAYS', () => {
  it('is off by default and takes a number of days of at least 35', () => {
    expect(readConfig({}).ledgerRetentionDays).toBeUndefined();
    expect(readConfig({ LEDGER_RETENTION_DAYS: '400' }).ledgerRetentionDays).toBe(400);
    expect(() => readConfig({ LEDGER_RETENTION_DAYS: '7' })).toThrow(ConfigError);
    expect(() => readConfig({ LEDGER_RETENTION_DAYS: '7' })).toThrow(
      /LEDGER_RETENTION_DAYS: must be at least 35/,
    );
  });
});
