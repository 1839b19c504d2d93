import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChargeJournal } from '../../src/ledger/journal.js';
import type { Store } from '../../src/store/open-store.js';
import { freshStore } from '../fakes/databases.js';
import { charge, ledgerOn, manualClock } from '../fakes/ledger.js';
import { captureLogger } from '../fakes/log-capture.js';

/** A store that can be taken away and given back, as a database restart does. */
function switchable(real: Store) {
  let up = true;
  const store = {
    get db() {
      if (!up) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return real.db;
    },
    dialect: real.dialect,
    ping: async () => up,
    close: async () => {},
  } as Store;
  return { store, down: () => (up = false), up: () => (up = true) };
}

describe('charge journal', () => {
  let dir: string;
  let dispose: () => Promise<void>;
  let real: Store;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qd-journal-'));
    ({ store: real, dispose } = await freshStore('sqlite'));
  });
  afterEach(async () => {
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a charge the store refused and writes it, with its own time, once the store is back', async () => {
    const t = manualClock('2026-03-01T10:00:00Z');
    const s = switchable(real);
    const journal = createChargeJournal({
      store: s.store,
      clock: t.clock,
      logger: captureLogger().logger,
      dir,
      retryMs: 60_000,
    });
    s.down();
    await journal.record(charge(20, 'accountData', { requestId: 'r-1' }));
    await journal.record(charge(5, 'coupons', { requestId: 'r-2' }));
    expect(journal.pending()).toBe(2);
    expect(readdirSync(dir)).toHaveLength(1);

    await journal.replay(); // still down: nothing lost, nothing written
    expect(journal.pending()).toBe(2);

    t.set('2026-03-01T10:05:00Z');
    s.up();
    await journal.replay();
    await journal.replay(); // a second replay writes nothing twice
    expect(journal.pending()).toBe(0);
    expect(readdirSync(dir)).toHaveLength(0);
    const entries = await ledgerOn(real, t.clock).recent({ workspaceId: 'T1', limit: 10 });
    expect(entries.map((e) => [e.requestId, e.points, e.createdAt.toISOString()]).sort()).toEqual([
      ['r-1', 20, '2026-03-01T10:00:00.000Z'],
      ['r-2', 5, '2026-03-01T10:00:00.000Z'],
    ]);
    await journal.close();
  });

  it('writes straight to the ledger while the store answers', async () => {
    const t = manualClock('2026-03-01T10:00:00Z');
    const journal = createChargeJournal({
      store: real,
      clock: t.clock,
      logger: captureLogger().logger,
      dir,
    });
    await journal.record(charge(10, 'qrCreate'));
    expect(journal.pending()).toBe(0);
    expect(await ledgerOn(real, t.clock).recent({ workspaceId: 'T1', limit: 10 })).toHaveLength(1);
    await journal.close();
  });

  it("replays the journal a stopped process left behind, once, and leaves a live process's file alone", async () => {
    const t = manualClock('2026-03-01T10:00:00Z');
    const left = {
      at: Date.parse('2026-03-01T09:00:00Z'),
      entry: charge(5, 'shopOrders', { requestId: 'orphan' }),
    };
    // pid 2^22+1 is above Linux's pid_max default range: no such process.
    writeFileSync(join(dir, 'charges-gone-4194305-abcd.jsonl'), `${JSON.stringify(left)}\n`);
    writeFileSync(
      join(dir, `charges-${hostname().replace(/[^A-Za-z0-9.]/g, '_')}-${process.pid}-beef.jsonl`),
      `${JSON.stringify({ ...left, entry: charge(5, 'shopOrders', { requestId: 'live' }) })}\n`,
    );
    const first = createChargeJournal({
      store: real,
      clock: t.clock,
      logger: captureLogger().logger,
      dir,
    });
    const second = createChargeJournal({
      store: real,
      clock: t.clock,
      logger: captureLogger().logger,
      dir,
    });
    await first.replay();
    await second.replay();
    const ids = (await ledgerOn(real, t.clock).recent({ workspaceId: 'T1', limit: 10 })).map(
      (e) => e.requestId,
    );
    expect(ids).toEqual(['orphan']);
    await first.close();
    await second.close();
  });
});
