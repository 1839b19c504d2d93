import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';
import { ledgerOn, manualClock } from '../fakes/ledger.js';

describe.each(DIALECTS)('summary claims on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function twoReplicas() {
    database = await freshDatabase(dialect);
    const time = manualClock('2024-05-05T01:00:00Z');
    const [a, b] = await Promise.all([database.open(), database.open()]);
    return { time, a: ledgerOn(a, time.clock), b: ledgerOn(b, time.clock), storeA: a };
  }

  const key = { workspaceId: 'T1', periodKey: '2024-05-05T01:00:00.000Z' };

  it('gives a scheduled summary to exactly one of two replicas racing for it', async () => {
    const { a, b } = await twoReplicas();

    const claims = await Promise.all([a, b, a, b, a, b].map((l) => l.claimSummary(key)));

    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('keeps the claim after a restart, and keys periods and workspaces apart', async () => {
    const { a, b } = await twoReplicas();
    await a.claimSummary(key);

    const again = await b.claimSummary(key);
    const nextPeriod = await b.claimSummary({ ...key, periodKey: '2024-05-06T01:00:00.000Z' });
    const otherWorkspace = await b.claimSummary({ ...key, workspaceId: 'T2' });

    expect([again, nextPeriod, otherWorkspace]).toEqual([false, true, true]);
  });

  it('lets another replica take over a claim its claimer never sent (it crashed), after 10 minutes', async () => {
    const { a, b, time } = await twoReplicas();
    await a.claimSummary(key);
    time.set('2024-05-05T01:09:00Z');
    expect(await b.claimSummary(key)).toBe(false);
    time.set('2024-05-05T01:11:00Z');
    expect(await b.claimSummary(key)).toBe(true);
    // …and only one of them.
    expect(await a.claimSummary(key)).toBe(false);
  });

  it('never takes over a summary that was sent', async () => {
    const { a, b, time } = await twoReplicas();
    await a.claimSummary(key);
    await a.markSummarySent(key);
    time.set('2024-05-06T01:00:00Z');
    expect(await b.claimSummary(key)).toBe(false);
  });

  it('marks a claimed summary sent, and then it cannot be released', async () => {
    const { a, b, time, storeA } = await twoReplicas();
    await a.claimSummary({ ...key, late: true });
    time.set('2024-05-05T01:00:05Z');

    await a.markSummarySent(key);
    await b.releaseSummary(key);

    const rows = await sql<{ sent_at: number; late: number }>`
      select sent_at, late from summary_runs
    `.execute(storeA.db);
    expect(rows.rows.map((r) => [Number(r.sent_at), Number(r.late)])).toEqual([
      [Date.parse('2024-05-05T01:00:05Z'), 1],
    ]);
    expect(await b.claimSummary(key)).toBe(false);
  });

  it('lets a failed send be released and claimed again', async () => {
    const { a, b } = await twoReplicas();
    await a.claimSummary(key);

    await a.releaseSummary(key);

    expect(await b.claimSummary(key)).toBe(true);
  });
});
