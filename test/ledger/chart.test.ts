import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderSpendChart, spendChartSvg } from '../../src/ledger/chart.js';

const LABELS = { title: 'Points by operation, last 7 days', points: 'points' };

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

    const chart = await renderSpendChart(data, LABELS, { width: 640, height: 320 });
    const png = PNG.sync.read(chart.png);

    expect(chart.png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.width, png.height]).toEqual([640, 320]);
    expect([chart.width, chart.height]).toEqual([640, 320]);
    expect(colouredPixels(png)).toBeGreaterThan(2000);
  });

  it('defaults to 720 × 360 and still draws when there was no spend', async () => {
    const chart = await renderSpendChart({ days: DAYS, series: [] }, LABELS);
    const png = PNG.sync.read(chart.png);

    expect([png.width, png.height]).toEqual([720, 360]);
    expect(colouredPixels(png)).toBe(0);
  });

  it('draws more bar area for bigger days', async () => {
    const small = await renderSpendChart(
      {
        days: DAYS,
        series: [{ operation: 'Coupons', points: [1, 1, 1, 1, 1, 1, 10] }],
      },
      LABELS,
    );
    const even = await renderSpendChart(
      {
        days: DAYS,
        series: [{ operation: 'Coupons', points: [10, 10, 10, 10, 10, 10, 10] }],
      },
      LABELS,
    );

    expect(colouredPixels(PNG.sync.read(even.png))).toBeGreaterThan(
      2 * colouredPixels(PNG.sync.read(small.png)),
    );
  });

  it('refuses a series whose length does not match the days', async () => {
    await expect(
      renderSpendChart({ days: DAYS, series: [{ operation: 'Coupons', points: [1, 2] }] }, LABELS),
    ).rejects.toThrow(/2 values for 7 days/);
  });

  it('carries Chinese labels in the SVG and draws them as real glyphs, not boxes', async () => {
    const data = {
      days: DAYS,
      series: [
        { operation: '二维码', points: [10, 0, 20, 5, 0, 30, 12] },
        { operation: '优惠券', points: [4, 8, 0, 0, 16, 2, 1] },
      ],
    };
    const zh = { title: '各操作积分消耗，最近 7 天', points: '积分' };
    const svg = await spendChartSvg(data, zh, { width: 640, height: 320 });
    expect(svg).toContain('各操作积分消耗，最近 7 天');
    expect(svg).toContain('积分');
    expect(svg).toContain('二维码');
    expect(svg).toContain('优惠券');

    // The same characters in another order: missing glyphs (boxes, or nothing) would draw the two
    // titles alike; real glyphs differ. Needs a CJK font (Debian's fonts-noto-cjk).
    const a = await renderSpendChart(
      data,
      { ...zh, title: '积分消耗操作' },
      { width: 640, height: 320 },
    );
    const b = await renderSpendChart(
      data,
      { ...zh, title: '操作消耗积分' },
      { width: 640, height: 320 },
    );
    const titleRows = (png: PNG) => png.data.subarray(0, png.width * 4 * 40);
    const [pa, pb] = [PNG.sync.read(a.png), PNG.sync.read(b.png)];
    expect(Buffer.compare(titleRows(pa), titleRows(pb))).not.toBe(0);
    const inked = (png: PNG) => {
      let n = 0;
      const rows = titleRows(png);
      for (let i = 0; i < rows.length; i += 4) if ((rows[i] ?? 255) < 128) n += 1;
      return n;
    };
    expect(inked(pa)).toBeGreaterThan(100);
  });
});
