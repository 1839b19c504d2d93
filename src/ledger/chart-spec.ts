import type { TopLevelSpec } from 'vega-lite';

export interface SpendChartData {
  /** Day labels, oldest first, e.g. `2026-11-20`. */
  days: string[];
  /** One series per operation (already in words if they should be shown so); points per day. */
  series: { operation: string; points: number[] }[];
}

/** The chart's words in the language of the channel it is posted to. */
export interface SpendChartLabels {
  title: string;
  /** The y axis: "points", "积分". */
  points: string;
}

/**
 * Families tried in order; resvg draws with the first one installed and falls back, character by
 * character, to any installed font that has the glyph. Noto Sans CJK SC (Debian's fonts-noto-cjk,
 * installed by the Dockerfile) draws the Chinese labels; without a CJK font they come out as boxes.
 */
export const CHART_FONT =
  'DejaVu Sans, Liberation Sans, Noto Sans, Noto Sans CJK SC, Arial, Helvetica, sans-serif';

/** The Vega-Lite spec of a stacked bar per day, one colour per operation. */
export function spendChartSpec(
  data: SpendChartData,
  labels: SpendChartLabels,
  size: { width: number; height: number },
): TopLevelSpec {
  const values = data.series.flatMap((s) =>
    data.days.map((day, i) => ({ day, operation: s.operation, points: s.points[i] ?? 0 })),
  );
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: size.width,
    height: size.height,
    // "fit" makes the whole picture, axes and legend included, exactly width × height.
    autosize: { type: 'fit', contains: 'padding' },
    padding: 8,
    background: 'white',
    title: { text: labels.title, font: CHART_FONT },
    config: { font: CHART_FONT, view: { stroke: null } },
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      x: {
        field: 'day',
        type: 'ordinal',
        sort: data.days,
        title: null,
        axis: { labelAngle: 0 },
      },
      y: {
        field: 'points',
        type: 'quantitative',
        aggregate: 'sum',
        stack: 'zero',
        title: labels.points,
        axis: { tickMinStep: 1, format: 'd' },
      },
      color: {
        field: 'operation',
        type: 'nominal',
        title: null,
        scale: { domain: data.series.map((s) => s.operation), scheme: 'tableau10' },
        legend: { orient: 'bottom', columns: 4 },
      },
    },
  };
}
