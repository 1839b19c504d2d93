import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/audit/audit-entry.js';
import { createAuditJournal } from '../../src/audit/audit-journal.js';
import { AUDIT_INSERT_MAX, type AuditLog, createAuditLog } from '../../src/audit/audit-log.js';
import type { Store } from '../../src/store/open-store.js';
import { auditSettlements, auditWrites } from '../../src/wiring/audit.js';
import { WorkTracker } from '../../src/work-tracker.js';
import { DIALECTS, freshStore } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { captureLogger } from '../fakes/log-capture.js';

// Each gateway call's audit row is written off the answer's path. Rows of calls that end together
// go out in one insert; the audit's order and the journal's fallback are kept.

const row = (i: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  at: new Date(Date.UTC(2026, 2, 1, 10, 0, 0) + i),
  workspaceId: 'T1',
  command: 'background',
  operation: 'qrStatus',
  params: 'sessionId=sbx***',
  points: 1,
  resultCode: '0',
  latencyMs: 12,
  requestId: `r-${i}`,
  ...extra,
});

/** The audit log with its batch inserts counted, refusing them while `down` says so. */
function counted(audit: AuditLog, down: () => boolean = () => false) {
  const batches: number[] = [];
  const log: AuditLog = {
    ...audit,
    async recordMany(entries) {
      if (down()) throw new Error('connect ECONNREFUSED');
      batches.push(entries.length);
      await audit.recordMany(entries);
    },
  };
  return { log, batches };
}

describe.each(DIALECTS)('audit rows written in batches (%s)', (dialect) => {
  let dir: string;
  let store: Store;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qd-audit-batches-'));
    ({ store, dispose } = await freshStore(dialect));
  });
  afterEach(async () => {
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const journalFor = (audit: AuditLog) =>
    createAuditJournal({ dir, audit, logger: captureLogger().logger, retryMs: 60_000 });
  /** The audit's writes through a log whose batch inserts are counted. */
  const countedWrites = () => {
    const audit = createAuditLog(store.db);
    const { log, batches } = counted(audit);
    const logger = captureLogger().logger;
    return {
      audit,
      batches,
      writes: auditWrites({ audit: log, journal: journalFor(audit), logger }),
    };
  };
  const stored = async (audit: AuditLog) =>
    (await audit.list({ workspaceId: 'T1', since: new Date(0) })).map((r) => r.requestId).reverse();

  it('writes 300 rows that came together in two inserts, in the order they came', async () => {
    const { audit, batches, writes } = countedWrites();
    const all = Array.from({ length: 300 }, (_, i) => writes.add(row(i)));
    await Promise.all(all);
    expect(batches).toEqual([AUDIT_INSERT_MAX, 300 - AUDIT_INSERT_MAX]);
    expect(await stored(audit)).toEqual(Array.from({ length: 300 }, (_, i) => `r-${i}`));
  });

  it('writes a lone row at once, in an insert of its own', async () => {
    const { batches, writes } = countedWrites();
    await writes.add(row(1));
    await writes.add(row(2));
    expect(batches).toEqual([1, 1]);
  });

  it('journals a refused batch and every later one while the journal holds rows, then replays them in order', async () => {
    const audit = createAuditLog(store.db);
    let down = true;
    const { log } = counted(audit, () => down);
    const journal = journalFor(audit);
    const logged = captureLogger();
    const writes = auditWrites({ audit: log, journal, logger: logged.logger });
    const first = [1, 2, 3].map((i) => writes.add(row(i)));
    await Promise.all(first);
    // The store is back, but rows are still waiting in the journal: new ones queue behind them.
    down = false;
    await Promise.all([4, 5].map((i) => writes.add(row(i))));
    expect(journal.pending()).toBe(5);
    expect(await stored(audit)).toEqual([]);
    expect(
      logged
        .lines()
        .filter((l) => l.msg === 'audit not written; journaled until the store answers'),
    ).toHaveLength(1);
    await journal.replay();
    expect(await stored(audit)).toEqual(['r-1', 'r-2', 'r-3', 'r-4', 'r-5']);
    await journal.close();
  });

  it('settles an unconfirmed row that was still on its way when the answer settling it came', async () => {
    const audit = createAuditLog(store.db);
    const journal = journalFor(audit);
    const { logger } = captureLogger();
    const writes = auditWrites({ audit, journal, logger });
    const work = new WorkTracker();
    void work.track(writes.add(row(7, { points: 0, charge: 'unconfirmed' })));
    auditSettlements({ audit, journal, writes, logger, work })('T1', [
      { requestId: 'r-7', operation: 'qrStatus', held: 1, points: 1 },
    ]);
    await work.drain();
    const rows = await audit.list({ workspaceId: 'T1', since: new Date(0) });
    expect(rows.map((r) => [r.requestId, r.points, r.charge])).toEqual([['r-7', 1, 'settled']]);
    await journal.close();
  });

  it('journals rows whose insert the store leaves unanswered, and writes each once when it answers', async () => {
    const audit = createAuditLog(store.db);
    // The store hangs (a network cut): the insert neither lands nor fails until `answer`.
    let answer = () => {};
    const answered = new Promise<void>((r) => (answer = r));
    const inserts: Promise<void>[] = [];
    const hanging: AuditLog = {
      ...audit,
      recordMany(entries) {
        const insert = answered.then(() => audit.recordMany(entries));
        inserts.push(insert);
        return insert;
      },
    };
    const journal = journalFor(audit);
    const writes = auditWrites({
      audit: hanging,
      journal,
      logger: captureLogger().logger,
      lateMs: 100,
    });
    const added = [1, 2].map((i) => writes.add(row(i)));
    await Promise.all(added);
    void writes.add(row(3)); // behind them: straight to the journal

    // On disk, as kill -9 would find them, while the insert still hangs.
    const onDisk = () =>
      readdirSync(dir)
        .filter((f) => f.startsWith('audit-') && f.endsWith('.jsonl'))
        .flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n'))
        .filter((l) => l !== '')
        .map((l) => (JSON.parse(l) as AuditEntry).requestId);
    await eventually(() => onDisk().length === 3, 5_000, 'the rows journaled');
    expect(onDisk()).toEqual(['r-1', 'r-2', 'r-3']);
    // A replay while the insert hangs writes nothing: it would race the late insert.
    await journal.replay();
    expect(await stored(audit)).toEqual([]);
    answer();
    await Promise.all(inserts);
    await journal.replay();
    await journal.close();
    expect(await stored(audit)).toEqual(['r-1', 'r-2', 'r-3']);
  });
});
