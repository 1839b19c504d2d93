import { afterEach, describe, expect, it } from 'vitest';
import { renderQrPng } from '../../src/qr/qr-image.js';
import { findSession } from '../../src/qr/session-store.js';
import { startQrOnboarding } from '../../src/slack/qr/index.js';
import { eventually, type Harness, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const checksOf = (hh: Harness, sessionId: string) =>
  hh.checkLog
    .spans()
    .filter((s) => s.sessionId === sessionId)
    .map((s) => s.start)
    .sort((a, b) => a - b);

describe('a QR code whose set-up outlasts its first gap', () => {
  it('is checked on time, once, and its message shows what the check found', async () => {
    // Checks every second; the image takes 2.5 s to appear (a busy Slack, a loaded replica).
    h = await startHarness({ pollMs: 1_000, sandbox: { qrScanAfterMs: 500 } });
    const hh = h;
    hh.deps.watcher.start();
    const deps = {
      ...hh.deps,
      drawQr: async (url: string) => {
        await new Promise((r) => setTimeout(r, 2_500));
        return renderQrPng(url);
      },
    };
    const asked = performance.now();
    const r = await startQrOnboarding(deps, hh.client, hh.who, { mediaMark: 'slowset' });
    const shownAfter = performance.now() - asked;
    if (!r.ok) throw new Error('onboarding failed');
    expect(shownAfter).toBeGreaterThan(2_400);

    const key = { workspaceId: hh.who.teamId, sessionId: r.sessionId };
    // Its first check went out at its first gap (1 s ± 10 %), not after the image (2.5 s).
    const first = checksOf(hh, r.sessionId)[0];
    expect(first).toBeDefined();
    expect(first! - asked).toBeLessThan(1_900);
    // Scanned 0.5 s after creation, so that one check found it: the set-up's edit shows it, and
    // nothing is left owed or checked again.
    const row = await findSession(hh.deps.store.db, key);
    expect(row?.state).toBe(2);
    expect(row?.message_state).toBe(2);
    expect(row?.file_id).toBeTruthy();
    const status = hh.double
      .messages()
      .find((m) => m.ts === row?.message_ts && m.channel === hh.who.channelId);
    expect(status?.text).toMatch(/scanned/i);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(checksOf(hh, r.sessionId)).toHaveLength(1);
  }, 30_000);

  it('leaves a set-up quicker than its first gap to the watcher, as before', async () => {
    h = await startHarness({ pollMs: 1_000 });
    const hh = h;
    hh.deps.watcher.start();
    const asked = performance.now();
    const r = await startQrOnboarding(hh.deps, hh.client, hh.who, { mediaMark: 'quickset' });
    if (!r.ok) throw new Error('onboarding failed');
    expect(checksOf(hh, r.sessionId)).toHaveLength(0);
    await eventually(() => checksOf(hh, r.sessionId).length >= 2, 10_000, 'two checks');
    const [a, b] = checksOf(hh, r.sessionId);
    expect(a! - asked).toBeGreaterThan(800);
    expect(b! - a!).toBeGreaterThan(800);
  }, 30_000);
});
