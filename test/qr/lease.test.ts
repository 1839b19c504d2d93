import { afterEach, describe, expect, it } from 'vitest';
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
