import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/audit/audit-entry.js';
import { createAuditJournal } from '../../src/audit/audit-journal.js';
import { createAuditLog } from '../../src/audit/audit-log.js';
import type { Store } from '../../src/store/open-store.js';
import { auditSettlements } from '../../src/wiring/audit.js';
import { WorkTracker } from '../../src/work-tracker.js';
import { DIALECTS, freshStore } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { deadRun } from '../fakes/journal-runs.js';
import { captureLogger } from '../fakes/log-capture.js';

const row = (requestId: string, at: string): AuditEntry => ({
  at: new Date(at),
  workspaceId: 'T1',
  userId: 'U1',
  command: '/account',
  operation: 'accountData',
  params: 'mediaMark=a***',
  points: 20,
  resultCode: '0',
  latencyMs: 12,
  requestId,
});

describe.each(DIALECTS)('audit journal on %s', (dialect) => {
  let dir: string;
  let store: Store;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qd-audit-journal-'));
    ({ store, dispose } = await freshStore(dialect));
  });
  afterEach(async () => {
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("adopts a dead process's rows and writes each once, skipping one already in the store", async () => {
    const audit = createAuditLog(store.db);
    const inAlready = row('r-1', '2026-03-01T10:00:00Z');
    const waiting = row('r-2', '2026-03-01T10:00:01Z');
    // The dead process wrote r-1 and was killed before it rewrote its file.
    await audit.record(inAlready);
    const lines = [inAlready, waiting].map((e) => `${JSON.stringify(e)}\n`).join('');
    writeFileSync(join(dir, 'audit-gone-4194305-abcd.jsonl'), lines);
    // A charge file is the charge journal's to adopt, not this one's.
    writeFileSync(join(dir, 'charges-gone-4194305-abcd.jsonl'), '');

    const journal = createAuditJournal({ dir, audit, logger: captureLogger().logger });
    await journal.replay();
    await journal.replay();
    await journal.close();

    const rows = await audit.list({ workspaceId: 'T1', since: new Date(0) });
    expect(rows.map((r) => [r.requestId, r.at.toISOString()]).sort()).toEqual([
      ['r-1', '2026-03-01T10:00:00.000Z'],
      ['r-2', '2026-03-01T10:00:01.000Z'],
    ]);
    expect(readdirSync(dir)).toEqual(['charges-gone-4194305-abcd.jsonl']);
  });

  it('replays at start-up the rows of a dead run with this very pid and hostname', async () => {
    const audit = createAuditLog(store.db);
    const previous = await deadRun(dir);
    writeFileSync(
      previous.file('audit'),
      `${JSON.stringify(row('r-5', '2026-03-01T10:30:00Z'))}\n`,
    );

    const journal = createAuditJournal({ dir, audit, logger: captureLogger().logger });
    const ids = async () =>
      (await audit.list({ workspaceId: 'T1', since: new Date(0) })).map((r) => r.requestId);
    // Nothing asks for a replay: start-up does it.
    await eventually(async () => (await ids()).length > 0, 5_000, 'the replay at start-up');
    await journal.close();
    expect(await ids()).toEqual(['r-5']);
    expect(readdirSync(dir).filter((f) => f.endsWith('.jsonl'))).toEqual([]);
  });

  it('keeps a refused row on disk until a replay can write it, then removes the file', async () => {
    const audit = createAuditLog(store.db);
    let up = false;
    const refusing = {
      recordOnce: (e: readonly AuditEntry[]) =>
        up ? audit.recordOnce(e) : Promise.reject(new Error('connect ECONNREFUSED')),
    };
    const journal = createAuditJournal({ dir, audit: refusing, logger: captureLogger().logger });
    journal.keep(row('r-3', '2026-03-01T11:00:00Z'));
    await journal.replay();
    expect(journal.pending()).toBe(1);
    expect(readdirSync(dir).filter((f) => f.startsWith('audit-'))).toHaveLength(1);

    up = true;
    await journal.replay();
    await journal.close();
    const rows = await audit.list({ workspaceId: 'T1', since: new Date(0) });
    expect(rows.map((r) => r.requestId)).toEqual(['r-3']);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps a refused batch in one write and replays it in one insert, skipping a row in already', async () => {
    const audit = createAuditLog(store.db);
    const batch = Array.from({ length: 150 }, (_, i) =>
      row(`b-${i}`, new Date(Date.UTC(2026, 2, 1, 9, 0, i)).toISOString()),
    );
    // The first insert landed late for one row: it is in the store and waits here too.
    await audit.record(batch[7]!);
    let up = false;
    const writes: number[] = [];
    const refusing = {
      recordOnce(es: readonly AuditEntry[]) {
        if (!up) return Promise.reject(new Error('connect ECONNREFUSED'));
        writes.push(es.length);
        return audit.recordOnce(es);
      },
    };
    const journal = createAuditJournal({ dir, audit: refusing, logger: captureLogger().logger });
    await journal.replay(); // the run's lock is held from here: a keep appends to the file
    journal.keep(...batch);
    const [file] = readdirSync(dir).filter((f) => f.startsWith('audit-'));
    const lines = readFileSync(join(dir, file!), 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as AuditEntry).requestId)).toEqual(
      batch.map((e) => e.requestId),
    );

    up = true;
    await journal.replay();
    await journal.close();
    expect(writes).toEqual([150]);
    const rows = await audit.list({ workspaceId: 'T1', since: new Date(0), limit: 500 });
    expect(rows.map((r) => r.requestId).sort()).toEqual(batch.map((e) => e.requestId).sort());
    expect(readdirSync(dir)).toEqual([]);
  });

  it('settles an unconfirmed row a later answer settled while the row still waited here', async () => {
    const audit = createAuditLog(store.db);
    let up = false;
    const refusing = {
      recordOnce: (e: readonly AuditEntry[]) =>
        up ? audit.recordOnce(e) : Promise.reject(new Error('connect ECONNREFUSED')),
    };
    const { logger } = captureLogger();
    const journal = createAuditJournal({ dir, audit: refusing, logger, retryMs: 60_000 });
    journal.keep({ ...row('r-4', '2026-03-01T12:00:00Z'), points: 0, charge: 'unconfirmed' });

    // The store is back and the next answer settles the charge before the journal's next replay.
    up = true;
    const work = new WorkTracker();
    auditSettlements({ audit, journal, logger, work })('T1', [
      { requestId: 'r-4', operation: 'accountData', held: 10, points: 20 },
    ]);
    await work.drain();
    await journal.close();

    const rows = await audit.list({ workspaceId: 'T1', since: new Date(0) });
    expect(rows.map((r) => [r.requestId, r.points, r.charge])).toEqual([['r-4', 20, 'settled']]);
  });
});
