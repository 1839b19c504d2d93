import { afterEach, describe, expect, it } from 'vitest';
import { checkStatus } from '../../src/qr/check-status.js';
import { qrSchedule } from '../../src/qr/index.js';
import { qrDb } from '../../src/qr/session-row.js';
import { startQrOnboarding } from '../../src/slack/qr/index.js';
import { qrWatchDeps } from '../../src/slack/qr/watch-deps.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a QR status check whose lease may not outlast it', () => {
  it('is withdrawn before it leaves: nothing sent, nothing charged, the row left due', async () => {
    h = await startHarness({ sandbox: {} });
    const started = await startQrOnboarding(h.deps, h.client, h.who, { mediaMark: 'account123' });
    if (!started.ok) throw new Error('onboarding failed');
    const sessions = qrDb(h.deps.store.db);
    const read = () => sessions.selectFrom('qr_sessions').selectAll().executeTakeFirstOrThrow();
    const before = await read();
    const checks = () => h!.checkLog.spans().filter((s) => s.sessionId === started.sessionId);
    const ctx = {
      deps: qrWatchDeps(h.deps, () => h!.client),
      owner: 'worker-a',
      schedule: qrSchedule(50),
      timeoutMs: 20_000,
      random: () => 0.5,
      editsPausedUntil: new Map<string, number>(),
    };

    const withdrawn = await checkStatus(ctx, before, { stillWanted: () => false });

    expect(withdrawn).toBeUndefined();
    expect(checks()).toEqual([]);
    const after = await read();
    expect(after.checks_made).toBe(before.checks_made);
    expect(after.points_charged).toBe(before.points_charged);
    expect(after.next_check_at).toBe(before.next_check_at);

    // The same check, still wanted, goes out and is stored (the row is leased to worker-a).
    await sessions
      .updateTable('qr_sessions')
      .set({ lease_owner: 'worker-a', lease_until: Date.now() + 60_000 })
      .execute();
    const made = await checkStatus(ctx, after, { stillWanted: () => true });
    expect(checks()).toHaveLength(1);
    expect(made?.checks_made).toBe(before.checks_made + 1);
  });
});
