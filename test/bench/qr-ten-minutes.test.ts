import { describe, expect, it } from 'vitest';
import { QR_TEN_MINUTE_GOAL, qrTenMinutesBench } from '../../bench/qr-ten-minutes.js';
import { readConfig } from '../../src/config.js';
import { maxChecksWithin, qrSchedule } from '../../src/qr/index.js';

describe('qrTenMinutesBench, compressed', () => {
  it('watches every unscanned code to the end and counts its paid checks at the sandbox', async () => {
    const { qr } = readConfig({});

    // The whole 10-minute watch 60 times faster: 10 s.
    const result = await qrTenMinutesBench({ speed: 60, codes: 3 });

    const f = result.figures;
    expect(f.codes).toBe(3);
    expect(f.watchesEnded).toBe(3);
    // What the sandbox charged for is what the bot says it checked.
    expect(f.paidChecksAtSandbox).toBe(f.checksCountedByBot);
    expect(f.minPaidChecks).toBeGreaterThan(10);
    expect(f.maxPaidChecks).toBeLessThanOrEqual(
      maxChecksWithin(qrSchedule(qr.pollIntervalMs), qr.watchTimeoutMs),
    );
    expect(result.target).toContain(`≤ ${QR_TEN_MINUTE_GOAL}`);
    expect(result.met).toBe(true);
  }, 90_000);
});
