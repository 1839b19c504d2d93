import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChargeJournal } from '../../src/ledger/journal.js';
import type { Ledger } from '../../src/ledger/ledger.js';
import type { Store } from '../../src/store/open-store.js';
import { DIALECTS, freshStore } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { deadRun, type OtherRun, otherRun } from '../fakes/journal-runs.js';
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

const jsonl = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
const line = (requestId: string, at = '2026-03-01T09:00:00Z') =>
  `${JSON.stringify({ at: Date.parse(at), entry: charge(5, 'shopOrders', { requestId }) })}\n`;

describe.each(DIALECTS)('charge journal on %s', (dialect) => {
  let dir: string;
  let dispose: () => Promise<void>;
  let real: Store;
  let ledger: Ledger;
  const runs: OtherRun[] = [];
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qd-journal-'));
    ({ store: real, dispose } = await freshStore(dialect));
    // Built before any journal writes, as at start-up: its first use builds the aggregates.
    ledger = ledgerOn(real, () => new Date());
    await ledger.recent({ workspaceId: 'T1', limit: 1 });
  });
  afterEach(async () => {
    for (const r of runs.splice(0)) await r.kill9();
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  });
  const journalOn = (store: Store, t = manualClock('2026-03-01T10:00:00Z'), retryMs = 60_000) =>
    createChargeJournal({ store, clock: t.clock, logger: captureLogger().logger, dir, retryMs });
  const ledgerIds = async () =>
    (await ledger.recent({ workspaceId: 'T1', limit: 10 })).map((e) => e.requestId);

  it('keeps a charge the store refused and writes it, with its own time, once the store is back', async () => {
    const t = manualClock('2026-03-01T10:00:00Z');
    const s = switchable(real);
    const journal = journalOn(s.store, t);
    s.down();
    await journal.record(charge(20, 'accountData', { requestId: 'r-1' }));
    await journal.record(charge(5, 'coupons', { requestId: 'r-2' }));
    expect(journal.pending()).toBe(2);
    await journal.replay(); // still down: nothing lost, nothing written
    expect(journal.pending()).toBe(2);
    expect(jsonl(dir)).toHaveLength(1);

    t.set('2026-03-01T10:05:00Z');
    s.up();
    await journal.replay();
    await journal.replay(); // a second replay writes nothing twice
    expect(journal.pending()).toBe(0);
    expect(jsonl(dir)).toHaveLength(0);
    const entries = await ledgerOn(real, t.clock).recent({ workspaceId: 'T1', limit: 10 });
    expect(entries.map((e) => [e.requestId, e.points, e.createdAt.toISOString()]).sort()).toEqual([
      ['r-1', 20, '2026-03-01T10:00:00.000Z'],
      ['r-2', 5, '2026-03-01T10:00:00.000Z'],
    ]);
    await journal.close();
  });

  it('writes straight to the ledger while the store answers', async () => {
    const journal = journalOn(real);
    await journal.record(charge(10, 'qrCreate'));
    expect(journal.pending()).toBe(0);
    expect(await ledgerIds()).toHaveLength(1);
    await journal.close();
  });

  it('replays at start-up the file of a dead run with this very pid and hostname (a restarted container)', async () => {
    const previous = await deadRun(dir);
    writeFileSync(previous.file('charges'), line('before-restart'));

    const journal = journalOn(real);
    // Nothing asks for a replay: start-up does it.
    await eventually(async () => (await ledgerIds()).length > 0, 5_000, 'the replay at start-up');
    expect(await ledgerIds()).toEqual(['before-restart']);
    expect(existsSync(previous.file('charges'))).toBe(false);
    await journal.close();
  });

  it("leaves a live run's file alone, and takes it without a restart once that run has died", async () => {
    const live = await otherRun(dir);
    runs.push(live);
    writeFileSync(live.file('charges'), line('live'));
    const s = switchable(real);
    s.down();
    const journal = createChargeJournal({
      store: s.store,
      clock: () => new Date(),
      logger: captureLogger().logger,
      dir,
      retryMs: 50,
      adoptMs: 50,
    });
    await journal.replay();
    expect(journal.pending()).toBe(0);
    expect(existsSync(live.file('charges'))).toBe(true);

    await live.kill9();
    await eventually(() => journal.pending() === 1, 5_000, 'the dead run adopted');
    expect(await ledgerIds()).toEqual([]); // the store is still away
    s.up();
    await eventually(async () => (await ledgerIds()).length > 0, 5_000, 'the replay on return');
    expect(await ledgerIds()).toEqual(['live']);
    await journal.close();
  });

  it('lands a dead run’s charge once when two replicas take it at once, one already in', async () => {
    const gone = await deadRun(dir);
    // The dead run had written r-in to the ledger, and was killed before it rewrote its file.
    await ledgerOn(real, () => new Date('2026-03-01T09:00:00Z')).record(
      charge(5, 'shopOrders', { requestId: 'r-in' }),
    );
    writeFileSync(gone.file('charges'), line('r-in') + line('r-out', '2026-03-01T09:00:01Z'));

    const [a, b] = [journalOn(real), journalOn(real)];
    await Promise.all([a.replay(), b.replay(), a.replay(), b.replay()]);
    await Promise.all([a.close(), b.close()]);
    expect((await ledgerIds()).sort()).toEqual(['r-in', 'r-out']);
    expect(jsonl(dir)).toEqual([]);
  });

  it('says loudly when a charge cannot reach its file, and writes the file at the next try', async () => {
    const s = switchable(real);
    const logged = captureLogger();
    const journal = createChargeJournal({
      store: s.store,
      clock: () => new Date('2026-03-01T10:00:00Z'),
      logger: logged.logger,
      dir,
      retryMs: 60_000,
    });
    await journal.replay(); // the run's lock is held
    // The directory is gone from under the journal (a volume unmounted, a disk error).
    renameSync(dir, `${dir}.away`);
    writeFileSync(dir, 'not a directory');
    s.down();
    await journal.record(charge(20, 'accountData', { requestId: 'r-unwritten' }));
    expect(
      logged
        .lines()
        .filter((l) => l.level === 50)
        .map((l) => l.msg),
    ).toEqual(['journal file not written; retried every replay']);

    rmSync(dir);
    renameSync(`${dir}.away`, dir);
    await journal.replay(); // the store is still away: only the file is written
    const lines = jsonl(dir).flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n'));
    expect(lines.map((l) => JSON.parse(l).entry.requestId)).toEqual(['r-unwritten']);
    s.up();
    await journal.close();
    expect(await ledgerIds()).toEqual(['r-unwritten']);
  });

  it('replays what a dead run wrote before a line its crash cut short, and says so', async () => {
    const gone = await deadRun(dir);
    writeFileSync(gone.file('charges'), `${line('whole')}{"at":17726,"entry":{"work`);
    const logged = captureLogger();
    const journal = createChargeJournal({
      store: real,
      clock: () => new Date(),
      logger: logged.logger,
      dir,
    });
    await journal.replay();
    await journal.close();
    expect(await ledgerIds()).toEqual(['whole']);
    expect(logged.lines().filter((l) => l.level === 50)).toMatchObject([
      { msg: 'journal lines unreadable, skipped', unreadable: 1 },
    ]);
    expect(jsonl(dir)).toEqual([]);
  });

  it('removes the socket a run killed with nothing journaled left, not a live run’s', async () => {
    const [gone, live] = [await deadRun(dir), await otherRun(dir)];
    runs.push(live);
    const old = new Date(Date.now() - 120_000);
    for (const r of [gone, live]) utimesSync(join(dir, `${r.run}.sock`), old, old);
    const journal = journalOn(real);
    await journal.replay();
    await journal.close();
    expect(readdirSync(dir)).toEqual([`${live.run}.sock`]);
  });
});
