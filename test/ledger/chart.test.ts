import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderSpendChart } from '../../src/ledger/chart.js';

const DAYS = [
  '2026-11-15',
  '2026-11-16',
  '2026-11-17',
  '2026-11-18',
  '2026-11-19',
  '2026-11-20',
  '2026-11-21',
];

/** Pixels that are neither white background nor near-grey (axes, text): the coloured bars. */
function colouredPixels(png: PNG): number {
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const [r, g, b] = [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 40) n += 1;
  }
  return n;
}

describe('renderSpendChart', () => {
  it('draws a PNG of exactly the stated size with coloured bars', async () => {
    const data = {
      days: DAYS,
      series: [
        { operation: 'QR code', points: [10, 0, 20, 5, 0, 30, 12] },
        { operation: 'Coupons', points: [4, 8, 0, 0, 16, 2, 1] },
      ],
    };

    const chart = await renderSpendChart(data, { width: 640, height: 320 });
    const png = PNG.sync.read(chart.png);

    expect(chart.png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.width, png.height]).toEqual([640, 320]);
    expect([chart.width, chart.height]).toEqual([640, 320]);
    expect(colouredPixels(png)).toBeGreaterThan(2000);
  });

  it('defaults to 720 × 360 and still draws when there was no spend', async () => {
    const chart = await renderSpendChart({ days: DAYS, series: [] });
    const png = PNG.sync.read(chart.png);

    expect([png.width, png.height]).toEqual([720, 360]);
    expect(colouredPixels(png)).toBe(0);
  });

  it('draws more bar area for bigger days', async () => {
    const small = await renderSpendChart({
      days: DAYS,
      series: [{ operation: 'Coupons', points: [1, 1, 1, 1, 1, 1, 10] }],
    });
    const even = await renderSpendChart({
      days: DAYS,
      series: [{ operation: 'Coupons', points: [10, 10, 10, 10, 10, 10, 10] }],
    });

    expect(colouredPixels(PNG.sync.read(even.png))).toBeGreaterThan(
      2 * colouredPixels(PNG.sync.read(small.png)),
    );
  });

  it('refuses a series whose length does not match the days', async () => {
    await expect(
      renderSpendChart({ days: DAYS, series: [{ operation: 'Coupons', points: [1, 2] }] }),
    ).rejects.toThrow(/2 values for 7 days/);
  });
});
