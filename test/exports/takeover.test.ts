import { afterEach, describe, expect, it } from 'vitest';
import {
  createExportRunner,
  type ExportMessages,
  type ExportRow,
  type ExportSource,
  findExport,
  insertExport,
  settleStarting,
} from '../../src/exports/index.js';
import type { Store } from '../../src/store/index.js';
import { DIALECTS, freshStore } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { captureLogger } from '../fakes/log-capture.js';

// The gap between Start export and the progress message: a process that won the click and died
// before posting leaves the export "starting"; a runner takes it over after the grace, posts the
// message once and runs it. Real SQLite and PostgreSQL; the Slack side and the pages are fakes.

const GRACE_MS = 1_500;
const PAGES = 4;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

function startingRow(id: string, updatedAt: number, poster: string): ExportRow {
  return {
    workspace_id: 'T0TAKEOVER',
    export_id: id,
    channel_id: 'C0EXPORTS',
    user_id: 'U0EXPORTER',
    kind: 'shopOrders',
    args_json: '{}',
    state: 'starting',
    message_ts: null,
    next_page: 0,
    cursor_json: null,
    total_pages: null,
    rows: 0,
    points: 0,
    note: null,
    stopped_by: null,
    file_id: null,
    csv_bom: 1,
    csv_header: null,
    approved_by: null,
    lease_owner: poster,
    lease_until: null,
    locale: null,
    started_at: null,
    created_at: updatedAt,
    updated_at: updatedAt,
  };
}

/** Pages 0..PAGES-1 of two rows each; what was fetched, posted and uploaded, in order. */
function fakes() {
  const fetched: number[] = [];
  const posted: string[] = [];
  const uploads: { ts: string | null; rows: number }[] = [];
  const source: ExportSource = {
    header: () => ['n'],
    async fetch(_row, cursor) {
      const page = typeof cursor === 'number' ? cursor : 0;
      fetched.push(page);
      return {
        rows: [[`${page}a`], [`${page}b`]],
        points: 5,
        next: page + 1 < PAGES ? page + 1 : undefined,
        totalPages: PAGES,
      };
    },
  };
  const messages: ExportMessages = {
    async post(row) {
      const ts = `1700000000.${String(posted.length + 1).padStart(6, '0')}`;
      posted.push(row.export_id);
      return { ts, locale: 'zh-CN' };
    },
    async show() {},
    async upload(row, csv) {
      uploads.push({ ts: row.message_ts, rows: csv.toString('utf8').trim().split('\r\n').length });
      return 'F0CSV';
    },
  };
  return { source, messages, fetched, posted, uploads };
}

function runner(store: Store, f: ReturnType<typeof fakes>, workerId: string) {
  const r = createExportRunner({
    deps: {
      config: { export: { maxRows: 10_000, startGraceMs: GRACE_MS } },
      logger: captureLogger('warn').logger,
      store,
      clock: () => new Date(),
      source: f.source,
      messages: f.messages,
    },
    workerId,
    tickMs: 50,
  });
  r.start();
  cleanups.push(() => r.stop());
  return r;
}

describe.each(DIALECTS)('an export left "starting" (%s)', (dialect) => {
  it('left by a dead process is taken over by one of two runners: posted once, each page fetched once', async () => {
    const { store, database, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const key = { workspaceId: 'T0TAKEOVER', exportId: 'dead-one' };
    // The process that won the click died 60 s ago without posting.
    await insertExport(store.db, startingRow(key.exportId, Date.now() - 60_000, 'click:dead'));
    const f = fakes();
    runner(store, f, 'replica-a');
    runner(await database.open(), f, 'replica-b');

    const done = await eventually(
      async () => {
        const row = await findExport(store.db, key);
        return row?.state === 'done' ? row : undefined;
      },
      10_000,
      'the export is done',
    );

    expect(f.posted).toEqual([key.exportId]);
    expect(f.fetched).toEqual([0, 1, 2, 3]);
    expect(f.uploads).toEqual([{ ts: done.message_ts, rows: 1 + 2 * PAGES }]);
    expect(done.message_ts).toBe('1700000000.000001');
    // The language it was posted in stays with the row, for the edits that follow.
    expect(done.locale).toBe('zh-CN');
    expect(done).toMatchObject({ rows: 2 * PAGES, points: 5 * PAGES, next_page: PAGES });
    // The dead poster, were it to wake, can no longer settle it (so it would not keep a message).
    expect(await settleStarting(store.db, key, 'click:dead', { state: 'running' })).toBe(false);
  });

  it('is not taken from a live Start click within the grace; past it, it is', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const key = { workspaceId: 'T0TAKEOVER', exportId: 'fresh-one' };
    const clickedAt = Date.now();
    await insertExport(store.db, startingRow(key.exportId, clickedAt, 'click:live'));
    const f = fakes();
    runner(store, f, 'replica-a');

    // Well within the grace (the runner ticks every 50 ms): the click's own post is not raced.
    await new Promise((r) => setTimeout(r, GRACE_MS / 2));
    expect(f.posted).toEqual([]);
    expect(await findExport(store.db, key)).toMatchObject({
      state: 'starting',
      lease_owner: 'click:live',
    });

    // Its poster stays silent past the grace: taken over and run.
    const done = await eventually(
      async () => {
        const row = await findExport(store.db, key);
        return row?.state === 'done' ? row : undefined;
      },
      10_000,
      'the export is done',
    );
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(GRACE_MS);
    expect(f.posted).toEqual([key.exportId]);
    expect(f.fetched).toEqual([0, 1, 2, 3]);
    expect(done.file_id).toBe('F0CSV');
  });

  it('a click that settles within the grace keeps its own message and the runner only runs it', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const key = { workspaceId: 'T0TAKEOVER', exportId: 'settled-one' };
    await insertExport(store.db, startingRow(key.exportId, Date.now(), 'click:live'));
    const f = fakes();
    runner(store, f, 'replica-a');
    // The runner ticks every 50 ms: a few ticks inside the grace, in which it must leave the row.
    await new Promise((r) => setTimeout(r, 200));

    const settled = await settleStarting(store.db, key, 'click:live', {
      state: 'running',
      message_ts: '1600000000.000001',
      lease_owner: null,
      updated_at: Date.now(),
    });

    expect(settled).toBe(true);
    const done = await eventually(
      async () => {
        const row = await findExport(store.db, key);
        return row?.state === 'done' ? row : undefined;
      },
      10_000,
      'the export is done',
    );
    expect(f.posted).toEqual([]);
    expect(f.uploads).toEqual([{ ts: '1600000000.000001', rows: 1 + 2 * PAGES }]);
    expect(done.message_ts).toBe('1600000000.000001');
  });
});
