import { afterEach, describe, expect, it } from 'vitest';
import { qrDb } from '../../src/qr/session-row.js';
import { QR_ACTION } from '../../src/slack/blocks/ids.js';
import {
  checkAgain,
  loadAccountAnalytics,
  parseNewCodeValue,
  startQrOnboarding,
} from '../../src/slack/qr/index.js';
import type { DoubleMessage } from '../../src/slack-double/index.js';
import { eventually, type Harness, type HarnessOptions, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function started(opts: HarnessOptions) {
  h = await startHarness(opts);
  const result = await startQrOnboarding(h.deps, h.client, h.who, { mediaMark: 'account123' });
  if (!result.ok) throw new Error('onboarding failed');
  const status = h.double.messages(h.who.channelId).find((m) => m.via === 'chat.postMessage');
  if (!status) throw new Error('no status message');
  return { h, sessionId: result.sessionId, ts: status.ts };
}

function statusMessage(hh: Harness, ts: string): DoubleMessage | undefined {
  return hh.double.messages(hh.who.channelId).find((m) => m.ts === ts);
}

function actionIds(m: DoubleMessage | undefined): string[] {
  return (
    JSON.stringify(m?.blocks ?? [])
      .match(/"action_id":"[^"]+"/g)
      ?.map((s) => s.slice(13, -1)) ?? []
  );
}

function updatesOf(hh: Harness, ts: string) {
  return hh.double.callsTo('chat.update').filter((c) => c.args.ts === ts);
}

function statusChecks(hh: Harness, sessionId: string) {
  return hh.checkLog.spans().filter((s) => s.sessionId === sessionId);
}

describe('QR watcher against the sandbox', () => {
  it('turns the same message to "scanned" by itself, editing only when the state changed', async () => {
    const { h, sessionId, ts } = await started({ sandbox: {} });

    h.deps.watcher.start();
    await eventually(() => statusChecks(h, sessionId).length >= 3);
    h.sandbox.simulateScan(sessionId);
    const scanned = await eventually(() => {
      const m = statusMessage(h, ts);
      return m?.text.startsWith('QR login for account123: scanned') && m;
    });

    expect(statusChecks(h, sessionId).length).toBeGreaterThan(3);
    // One edit from placeholder to status at creation, one for the change to "scanned".
    expect(updatesOf(h, ts)).toHaveLength(2);
    expect(scanned.edits).toBe(2);
    expect(actionIds(scanned)).toEqual([QR_ACTION.loadAccount]);
    expect(JSON.stringify(scanned.blocks)).toContain('Load account analytics (paid)');
  });

  it('stops checking at "scanned" and the account button posts the analytics in the thread', async () => {
    const { h, sessionId, ts } = await started({ sandbox: { qrScanAfterMs: 200 } });
    h.deps.watcher.start();
    await eventually(async () => {
      const row = await h.deps.store.db.selectFrom('qr_sessions').selectAll().executeTakeFirst();
      return row?.watch_state === 'done';
    });
    const checksAtScan = statusChecks(h, sessionId).length;

    const result = await loadAccountAnalytics(h.deps, h.client, h.who, sessionId);
    const reply = await eventually(() =>
      h.double.messages(h.who.channelId).find((m) => m.threadTs === ts),
    );
    // An absence (no check after "done"): it needs a while in which one could have come.
    await new Promise((r) => setTimeout(r, 300));

    expect(result).toEqual({ ok: true });
    expect(reply.text).toContain('Account');
    expect(reply.text).toContain('cost 20 points');
    expect(statusChecks(h, sessionId)).toHaveLength(checksAtScan);
    const spent = await h.deps.ledger.recent({ workspaceId: h.who.teamId, limit: 100 });
    expect(spent.filter((e) => e.operation === 'accountData')).toEqual([
      expect.objectContaining({ points: 20, kind: 'charge', userId: h.who.userId }),
    ]);
  });

  it('turns the message to "expired", records the refund once and offers a new code', async () => {
    const { h, sessionId, ts } = await started({ sandbox: {} });
    h.deps.watcher.start();
    await eventually(() => statusChecks(h, sessionId).length >= 2);

    h.sandbox.simulateExpire(sessionId);
    const expired = await eventually(() => {
      const m = statusMessage(h, ts);
      return m?.text.startsWith('QR login for account123: expired') && m;
    });
    // Another status-3 answer (as after a crash before the store write) repeats the refund.
    await h.deps.gateway.call('qrStatus', { sessionId }, { token: 't', workspaceId: h.who.teamId });

    const refunds = (await h.deps.ledger.recent({ workspaceId: h.who.teamId, limit: 200 })).filter(
      (e) => e.kind === 'refund',
    );
    expect(refunds).toEqual([expect.objectContaining({ points: 10, qrSessionId: sessionId })]);
    expect(JSON.stringify(expired.blocks)).toContain('The 10 points it cost were refunded');
    expect(updatesOf(h, ts)).toHaveLength(2);
    expect(actionIds(expired)).toEqual([QR_ACTION.newCode]);
    const value = JSON.stringify(expired.blocks).match(/"value":"((?:[^"\\]|\\.)*)"/)?.[1];
    expect(parseNewCodeValue(JSON.parse(`"${value}"`))).toEqual({ mediaMark: 'account123' });
  });

  it('ends the watch after QR_WATCH_TIMEOUT_MS, offers "Check again", and re-arms it', async () => {
    const { h, sessionId, ts } = await started({ watchTimeoutMs: 400, sandbox: {} });
    h.deps.watcher.start();
    const ended = await eventually(() => {
      const m = statusMessage(h, ts);
      return m?.text.includes('watch ended') && m;
    });
    const checksWhenEnded = statusChecks(h, sessionId).length;
    // An absence (no check once the watch ended): it needs a while in which one could have come.
    await new Promise((r) => setTimeout(r, 250));
    expect(statusChecks(h, sessionId)).toHaveLength(checksWhenEnded);
    expect(actionIds(ended)).toContain(QR_ACTION.checkAgain);

    const again = await checkAgain(h.deps, h.who, sessionId);
    h.sandbox.simulateScan(sessionId);

    expect(again).toEqual({ ok: true });
    await eventually(() =>
      statusMessage(h, ts)?.text.startsWith('QR login for account123: scanned'),
    );
    expect(statusChecks(h, sessionId).length).toBe(checksWhenEnded + 1);
  });

  it('"Check again" makes the checks dense again for a short burst, then they grow apart', async () => {
    // No dense first minute here: gaps 50, 200, 800, 3200 ms, so a 1.5-s watch ends after 3 checks.
    const schedule = { denseMs: 0, burstMs: 1_000, growth: 4, capMs: 10_000, jitter: 0 };
    const { h, sessionId, ts } = await started({ watchTimeoutMs: 1_500, sandbox: {}, schedule });
    h.deps.watcher.start();
    await eventually(() => statusMessage(h, ts)?.text.includes('watch ended'));
    const before = statusChecks(h, sessionId).length;

    // The burst is armed in the row ("dense until"), a moment after the click on a slow machine:
    // its end is read there, in the harness's wall clock, and placed on the check log's clock.
    const wallAtClick = Date.now();
    const clickedAt = performance.now();
    const again = await checkAgain(h.deps, h.who, sessionId);
    const armed = await qrDb(h.deps.store.db)
      .selectFrom('qr_sessions')
      .select('dense_until')
      .executeTakeFirstOrThrow();
    const burstEnd = clickedAt + (Number(armed.dense_until) - wallAtClick);

    // Counted once the re-armed watch has ended (1.5 s after the click), not after a fixed time:
    // from then on no check can come, so a slow machine cannot cut a count short.
    await eventually(
      async () => {
        const row = await h.deps.store.db
          .selectFrom('qr_sessions')
          .select('watch_state')
          .executeTakeFirst();
        return row?.watch_state === 'timed_out';
      },
      10_000,
      'the re-armed watch to end',
    );
    const sinceClick = statusChecks(h, sessionId).slice(before);
    const inBurst = sinceClick.filter((s) => s.start <= burstEnd).length;
    // After it, each check's gap from the one before, dense when under 150 ms. Checks planned in
    // the burst's last moments may start after its end on a loaded machine (one CI run saw two
    // there), so a short run of dense gaps may lead; then a grown gap, and none dense after it.
    const gapsAfter = sinceClick.flatMap((s, i) =>
      s.start > burstEnd && i > 0 ? [s.start - sinceClick[i - 1]!.start] : [],
    );
    const firstGrown = gapsAfter.findIndex((gap) => gap >= 150);
    const lateBurstChecks = firstGrown === -1 ? gapsAfter.length : firstGrown;
    const denseAfterGrown = gapsAfter.slice(firstGrown + 1).filter((gap) => gap < 150).length;

    expect(again).toEqual({ ok: true });
    // Every 50 ms for a second (about 20), where the growing gaps alone would have made 3…
    expect(inBurst).toBeGreaterThan(6);
    // …then 200 and 800 ms apart again: at most a few late burst checks, a grown gap, and no
    // dense one after it.
    expect(lateBurstChecks).toBeLessThanOrEqual(3);
    expect(firstGrown).toBeGreaterThanOrEqual(0);
    expect(denseAfterGrown).toBe(0);
  });

  it('honours a 429 on chat.update: the edit waits Retry-After and the change still lands', async () => {
    const { h, ts } = await started({ sandbox: { qrScanAfterMs: 150 } });
    h.double.failNext('chat.update', { status: 429, retryAfter: 1 });

    h.deps.watcher.start();
    await eventually(
      () => statusMessage(h, ts)?.text.startsWith('QR login for account123: scanned'),
      5_000,
    );

    const [limited, landed] = updatesOf(h, ts).slice(1);
    expect(limited?.error).toBe('ratelimited');
    expect(landed?.error).toBeUndefined();
    const waited = (landed?.at.getTime() ?? 0) - (limited?.at.getTime() ?? 0);
    expect(waited).toBeGreaterThanOrEqual(950);
  });

  it('repairs on resume a message left behind by a crash between the status answer and the edit', async () => {
    const { h, sessionId, ts } = await started({ sandbox: {} });
    // (A set-up slower than the 50-ms first gap has made its first check already.)
    const checked = statusChecks(h, sessionId).length;
    // The crash: the answer "scanned" was stored, the edit never happened.
    await h.deps.store.db
      .updateTable('qr_sessions')
      .set({ state: 2, watch_state: 'done', checks_made: 3 })
      .where('session_id', '=', sessionId)
      .execute();

    const resumed = await h.replica('worker-after-restart');
    resumed.watcher.start();

    await eventually(() =>
      statusMessage(h, ts)?.text.startsWith('QR login for account123: scanned'),
    );
    // Repaired from the stored answer: no check of its own.
    expect(statusChecks(h, sessionId)).toHaveLength(checked);
  });
});
