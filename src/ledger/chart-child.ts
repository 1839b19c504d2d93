/**
 * The chart renderer's process (forked by chart-process.ts): it draws one chart, sends it back and
 * exits, taking the chart stack's memory with it.
 */
import { renderSpendChart } from './chart.js';
import type { ChartReply, ChartRequest } from './chart-process.js';

// The bot is gone (stopped, or killed): nobody waits for the chart.
process.once('disconnect', () => process.exit(0));

process.once('message', async (request: ChartRequest) => {
  let reply: ChartReply;
  try {
    const chart = await renderSpendChart(request.data, request.labels, request.size);
    reply = { ok: true, png: chart.png, width: chart.width, height: chart.height };
  } catch (err) {
    reply = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  process.send?.(reply, () => process.exit(0));
});
