import { afterEach, describe, expect, it } from 'vitest';
import { createLimiter } from '../../src/gateway/limiter.js';
import { qrDb } from '../../src/qr/session-row.js';
import { startQrOnboarding } from '../../src/slack/qr/index.js';
import { eventually, type Harness, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('QR leases', () => {
  it('a check slower than one lease keeps its session: two watchers never check it at once', async () => {
    // Each status check takes 600 ms; a lease lasts 150 ms unless renewed.
    h = await startHarness({ statusDelayMs: 600, leaseMs: 150, pollMs: 20 });
    const hh = h;
    const r = await startQrOnboarding(hh.deps, hh.client, hh.who, { mediaMark: 'slowacct' });
    if (!r.ok) throw new Error('onboarding failed');
    const b = await hh.replica('worker-b');
    hh.deps.watcher.start();
    b.watcher.start();

    await eventually(() => hh.checkLog.spans().length >= 3, 10_000, 'three checks');
    await hh.deps.watcher.stop();
    await b.watcher.stop();

    const spans = hh.checkLog.spans().sort((x, y) => x.start - y.start);
    for (let i = 1; i < spans.length; i++) {
      // Each check starts only after the previous one was answered.
      expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    }
  }, 20_000);
});

describe('a check waiting its turn at the gateway', () => {
  it('is withdrawn unsent when its lease goes meanwhile: no second check, nothing written', async () => {
    h = await startHarness({ leaseMs: 300, pollMs: 50 });
    const hh = h;
    const r = await startQrOnboarding(hh.deps, hh.client, hh.who, { mediaMark: 'waiting' });
    if (!r.ok) throw new Error('onboarding failed');
    const key = { workspace: hh.who.teamId, session: r.sessionId };
    const spans = () => hh.checkLog.spans().filter((s) => s.sessionId === r.sessionId);
    // One status check a second for this replica's token: its second check waits about a second.
    const slow = await hh.replica('slow', undefined, { limiter: createLimiter({ limit: 1 }) });
    slow.watcher.start();
    const row = () =>
      qrDb(hh.deps.store.db)
        .selectFrom('qr_sessions')
        .selectAll()
        .where('workspace_id', '=', key.workspace)
        .where('session_id', '=', key.session)
        .executeTakeFirstOrThrow();
    // (A set-up slower than the 50-ms first gap has made one check already.)
    await eventually(
      async () => (await row()).checked_by === 'slow',
      5_000,
      "the slow replica's first check made and stored",
    );
    const made = spans().length;
    // Its next check is claimed and queued; then another worker takes the session.
    await eventually(
      async () => (await row()).lease_owner === 'slow',
      2_000,
      'its next check claimed',
    );
    const stolen = await qrDb(hh.deps.store.db)
      .updateTable('qr_sessions')
      .set({ lease_owner: 'someone-else', lease_until: Date.now() + 60_000 })
      .where('workspace_id', '=', key.workspace)
      .where('session_id', '=', key.session)
      .where('lease_owner', '=', 'slow')
      .executeTakeFirst();
    expect(Number(stolen.numUpdatedRows)).toBe(1);
    const before = await row();
    // Past the limiter's second: a check still queued would have gone by now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(spans()).toHaveLength(made);
    const after = await row();
    expect(after.checks_made).toBe(before.checks_made);
    expect(after.lease_owner).toBe('someone-else');
  }, 20_000);
});

describe('a watcher that died without stopping', () => {
  it('its sessions are checked again at once by a live watcher, even far from their next check; others keep their time', async () => {
    h = await startHarness({ leaseMs: 600 });
    const hh = h;
    const [orphan, kept] = await Promise.all(
      ['orphan', 'kept'].map(async (mediaMark) => {
        const r = await startQrOnboarding(hh.deps, hh.client, hh.who, { mediaMark });
        if (!r.ok) throw new Error('onboarding failed');
        return r.sessionId;
      }),
    );
    if (!orphan || !kept) throw new Error('two sessions expected');
    hh.deps.watcher.start();
    await eventually(() => hh.checkLog.spans().length >= 2, 5_000, 'first checks');
    // Stopped gracefully (so no check of ours is in flight while the rows are set up below).
    await hh.deps.watcher.stop();
    const now = Date.now();
    // Both in the sparse phase, on a 60-s gap.
    const sparse = { interval_ms: 60_000, dense_until: now - 1 };
    // One session was last checked 40 s ago by a watcher whose heartbeat stopped 10 s ago
    // (kill -9) …
    await qrDb(hh.deps.store.db)
      .insertInto('qr_workers')
      .values({ worker_id: 'killed-worker', started_at: now - 60_000, heartbeat_at: now - 10_000 })
      .execute();
    await qrDb(hh.deps.store.db)
      .updateTable('qr_sessions')
      .set({
        ...sparse,
        checked_by: 'killed-worker',
        last_checked_at: now - 40_000,
        next_check_at: now + 20_000,
      })
      .where('session_id', '=', orphan)
      .execute();
    // … the other 5 s ago by the watcher that stopped properly.
    await qrDb(hh.deps.store.db)
      .updateTable('qr_sessions')
      .set({
        ...sparse,
        checked_by: hh.deps.watcher.workerId,
        last_checked_at: now - 5_000,
        next_check_at: now + 55_000,
      })
      .where('session_id', '=', kept)
      .execute();
    const b = await hh.replica('worker-b');
    b.watcher.start();
    const before = hh.checkLog.spans().length;

    await eventually(
      () =>
        hh.checkLog
          .spans()
          .slice(before)
          .some((s) => s.sessionId === orphan),
      5_000,
      'the orphan checked again',
    );
    // An absence (the kept session is not checked): a while in which a check could have come.
    await new Promise((r) => setTimeout(r, 500));

    expect(
      hh.checkLog
        .spans()
        .slice(before)
        .filter((s) => s.sessionId === kept),
    ).toEqual([]);
    const workers = await qrDb(hh.deps.store.db)
      .selectFrom('qr_workers')
      .select('worker_id')
      .execute();
    expect(workers.map((w) => w.worker_id)).toEqual(['worker-b']);
  }, 20_000);
});
