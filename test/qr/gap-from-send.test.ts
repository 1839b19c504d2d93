import { afterEach, describe, expect, it } from 'vitest';
import { startQrOnboarding } from '../../src/slack/qr/index.js';
import { eventually, type Harness, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('the QR schedule against a slow gateway', () => {
  it('counts each gap from when the previous check left, not from its answer', async () => {
    // Checks every second; each status answer takes 700 ms.
    h = await startHarness({ statusDelayMs: 700, pollMs: 1_000 });
    const hh = h;
    const r = await startQrOnboarding(hh.deps, hh.client, hh.who, { mediaMark: 'slowgw' });
    if (!r.ok) throw new Error('onboarding failed');
    hh.deps.watcher.start();
    const starts = () =>
      hh.checkLog
        .spans()
        .filter((s) => s.sessionId === r.sessionId)
        .map((s) => s.start)
        .sort((a, b) => a - b);
    await eventually(() => starts().length >= 7, 20_000, 'seven checks');
    const at = starts();
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    // As the gateway sees them: a second apart (± 10 % jitter and the loop's own latency), where
    // counting from the answer made them 1.7 s apart; and never closer than half a gap.
    expect(mean).toBeLessThan(1_350);
    expect(Math.min(...gaps)).toBeGreaterThan(700);
  }, 30_000);
});
