import { Resvg } from '@resvg/resvg-js';
import { parse, View } from 'vega';
import { compile } from 'vega-lite';
import {
  CHART_FONT,
  type SpendChartData,
  type SpendChartLabels,
  spendChartSpec,
} from './chart-spec.js';

export type { SpendChartData, SpendChartLabels } from './chart-spec.js';

export interface SpendChart {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * A stacked bar chart of points per day by operation, as a PNG: Vega-Lite → Vega (headless,
 * `renderer: 'none'`) → SVG → resvg. No native canvas. Text uses the first installed font of
 * CHART_FONT from the system fonts (Chinese labels need a CJK one, see chart-spec.ts); without
 * any font the bars and axes are still drawn. `labels` are in the channel's language.
 */
export async function renderSpendChart(
  data: SpendChartData,
  labels: SpendChartLabels,
  opts: { width?: number; height?: number } = {},
): Promise<SpendChart> {
  const width = Math.round(opts.width ?? 720);
  const height = Math.round(opts.height ?? 360);
  if (!(width >= 100 && width <= 4000 && height >= 100 && height <= 4000)) {
    throw new RangeError(`chart size ${width}×${height} is outside 100–4000 pixels`);
  }
  for (const s of data.series) {
    if (s.points.length !== data.days.length) {
      throw new RangeError(
        `series "${s.operation}" has ${s.points.length} values for ${data.days.length} days`,
      );
    }
  }
  const svg = await spendChartSvg(data, labels, { width, height });
  const rendered = new Resvg(svg, {
    // The SVG is already the requested size; pin it so the PNG is exactly width × height.
    fitTo: { mode: 'width', value: width },
    font: {
      loadSystemFonts: true,
      defaultFontFamily: CHART_FONT.split(',')[0]?.trim() ?? 'sans-serif',
    },
  }).render();
  return { png: rendered.asPng(), width: rendered.width, height: rendered.height };
}

/** The chart as SVG, before rasterising: its text (title, axis, legend) is there as written. */
export async function spendChartSvg(
  data: SpendChartData,
  labels: SpendChartLabels,
  size: { width: number; height: number },
): Promise<string> {
  const vega = compile(spendChartSpec(data, labels, size)).spec;
  const view = new View(parse(vega), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
