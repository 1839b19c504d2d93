import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { renderSpendChart } from '../../src/ledger/chart.js';
import { createChartRenderer } from '../../src/ledger/chart-process.js';

const DAYS = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
const ZH = { title: '各操作积分消耗，最近 6 天', points: '积分' };

/** This process's children that are chart renderers. */
function renderers(): string[] {
  const tasks = readdirSync(`/proc/${process.pid}/task`);
  const pids = tasks.flatMap((t) =>
    readFileSync(`/proc/${process.pid}/task/${t}/children`, 'utf8').split(' ').filter(Boolean),
  );
  return pids.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chart-child');
    } catch {
      return false;
    }
  });
}

describe('createChartRenderer', () => {
  const charts = createChartRenderer();
  afterAll(() => charts.stop());

  it('draws in its own process the same PNG as in this one, Chinese labels included', async () => {
    const data = { days: DAYS, series: [{ operation: '二维码', points: [10, 0, 20, 5, 0, 30] }] };

    const apart = await charts.render(data, ZH, { width: 640, height: 320 });
    const here = await renderSpendChart(data, ZH, { width: 640, height: 320 });

    expect([apart.width, apart.height]).toEqual([640, 320]);
    expect(Buffer.isBuffer(apart.png)).toBe(true);
    expect(Buffer.compare(apart.png, here.png)).toBe(0);
  }, 60_000);

  it('draws charts asked for at once, each with its own numbers', async () => {
    const drawn = await Promise.all(
      [1, 5, 25].map((n) =>
        charts.render(
          { days: DAYS, series: [{ operation: 'Coupons', points: [n, n, n, n, n, n] }] },
          ZH,
          { width: 320, height: 200 + n },
        ),
      ),
    );

    expect(drawn.map((c) => [c.width, c.height])).toEqual([
      [320, 201],
      [320, 205],
      [320, 225],
    ]);
  }, 60_000);

  it("rejects with the renderer's own reason", async () => {
    const data = { days: DAYS, series: [{ operation: 'Coupons', points: [1, 2] }] };

    await expect(charts.render(data, ZH)).rejects.toThrow(/2 values for 6 days/);
  }, 60_000);

  it('ends its renderer when stopped, failing the chart it was drawing; draws again after', async () => {
    const own = createChartRenderer();
    const data = { days: DAYS, series: [{ operation: 'QR', points: [1, 2, 3, 4, 5, 6] }] };
    const others = renderers();
    const drawing = own.render(data, ZH, { width: 320, height: 200 });
    const started = renderers().filter((pid) => !others.includes(pid));

    own.stop();

    await expect(drawing).rejects.toThrow(/ended without a chart/);
    expect(started.length).toBeGreaterThan(0);
    expect(renderers().filter((pid) => started.includes(pid))).toEqual([]);
    const again = await own.render(data, ZH, { width: 320, height: 210 });
    expect(again.height).toBe(210);
    own.stop();
  }, 60_000);
});
