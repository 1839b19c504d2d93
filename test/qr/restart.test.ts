import { afterEach, describe, expect, it } from 'vitest';
import { qrCheckStats } from '../../src/qr/index.js';
import { startQrOnboarding } from '../../src/slack/qr/index.js';
import { DIALECTS } from '../fakes/databases.js';
import { eventually, type Harness, startHarness } from './harness.js';

const SESSIONS = 50;
const WORDS = { '1': 'not scanned', '2': 'scanned', '3': 'expired' } as const;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe.each(DIALECTS)('a restart in the middle of 50 live sessions (%s)', (dialect) => {
  it('resumes every session from the store with two watchers at once; no concurrent check, no double refund', async () => {
    // Sessions end when the test says, not on a timer: on a loaded machine a timer could run out
    // while the sessions are being made, leaving nothing for the second pair of watchers to do.
    h = await startHarness({
      dialect,
      sandbox: { qrExpireAfterMs: 120_000 },
      watchTimeoutMs: 120_000,
    });
    const hh = h;
    const ids: string[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const r = await startQrOnboarding(hh.deps, hh.client, hh.who, { mediaMark: `acct${i}` });
      if (!r.ok) throw new Error('onboarding failed');
      ids.push(r.sessionId);
    }
    hh.deps.watcher.start();
    await eventually(() => hh.checkLog.spans().length >= 30);

    // Watcher A goes away mid-flight; one more worker "crashed" holding five leases.
    await hh.deps.watcher.stop();
    const stale = ids.slice(0, 5);
    await hh.deps.store.db
      .updateTable('qr_sessions')
      .set({ lease_owner: 'crashed-worker', lease_until: Date.now() + 500 })
      .where('session_id', 'in', stale)
      .execute();
    // Each works on at most ten sessions at once, so neither can hold all 45 free ones.
    const b = await hh.replica('worker-b', undefined, { maxInFlight: 10 });
    const c = await hh.replica('worker-c', undefined, { maxInFlight: 10 });
    const checksBy = { b: 0, c: 0 };
    b.gateway.onCharge((e) => void (e.operation === 'qrStatus' && checksBy.b++));
    c.gateway.onCharge((e) => void (e.operation === 'qrStatus' && checksBy.c++));
    b.watcher.start();
    c.watcher.start();
    await eventually(() => checksBy.b > 0 && checksBy.c > 0, 20_000, 'both watchers checking');
    ids.forEach((id, i) => {
      if (i % 2 === 0) hh.sandbox.simulateScan(id);
      else hh.sandbox.simulateExpire(id);
    });
    await eventually(
      async () => {
        const rows = await hh.deps.store.db.selectFrom('qr_sessions').selectAll().execute();
        return rows.every((r) => r.watch_state === 'done') && rows;
      },
      20_000,
      'every session final',
    );
    await eventually(
      () =>
        hh.sandbox.sessions().every((s) => {
          const m = hh.double.messages(hh.who.channelId).find((x) => x.text.includes(s.sessionId));
          return m?.text.startsWith(`QR login for ${s.mediaMark}: ${WORDS[s.status]} `);
        }),
      10_000,
      'every message shows its final state',
    );

    const finals = hh.sandbox.sessions();
    expect(finals.filter((s) => s.status === '1')).toEqual([]);
    const spans = hh.checkLog.spans();
    for (const id of ids) {
      const mine = spans.filter((s) => s.sessionId === id).sort((x, y) => x.start - y.start);
      for (let i = 1; i < mine.length; i++) {
        expect(mine[i]?.start).toBeGreaterThanOrEqual(mine[i - 1]?.end ?? Infinity);
      }
    }
    const stats = await qrCheckStats(hh.deps.store);
    for (const s of stats) {
      expect(s.checksMade).toBe(spans.filter((x) => x.sessionId === s.sessionId).length);
    }
    // Every entry, read from the store: the ledger's recent() returns at most the newest 1000,
    // and a run here can make more status checks than that.
    const entries = (
      await hh.deps.store.db
        .selectFrom('ledger_entries')
        .select(['operation', 'kind', 'points', 'qr_session_id'])
        .where('workspace_id', '=', hh.who.teamId)
        .execute()
    ).map((e) => ({ ...e, points: Number(e.points), qrSessionId: e.qr_session_id }));
    const refunds = entries.filter((e) => e.kind === 'refund');
    const expired = finals.filter((s) => s.status === '3').map((s) => s.sessionId);
    expect(refunds.map((r) => r.qrSessionId).sort()).toEqual([...expired].sort());
    expect(refunds.reduce((n, r) => n + r.points, 0)).toBe(hh.sandbox.ledger().refunded);
    const statusCharged = entries
      .filter((e) => e.operation === 'qrStatus' && e.kind === 'charge')
      .reduce((n, e) => n + e.points, 0);
    expect(statusCharged).toBe(hh.sandbox.ledger().byOperation.qrStatus.charged);
    expect(expired).toHaveLength(SESSIONS / 2);
    expect(finals.filter((s) => s.status === '2')).toHaveLength(SESSIONS / 2);
  }, 60_000);
});
