/**
 * The chart renderer's process (forked by chart-process.ts): it draws each chart it is sent and
 * answers it; once the bot lets go of it (disconnects), it exits, taking the chart stack's memory
 * with it.
 */
import { renderSpendChart } from './chart.js';
import type { ChartReply, ChartRequest } from './chart-process.js';

process.once('disconnect', () => process.exit(0));

process.on('message', async (request: ChartRequest) => {
  let reply: ChartReply;
  try {
    const chart = await renderSpendChart(request.data, request.labels, request.size);
    reply = { id: request.id, ok: true, png: chart.png, width: chart.width, height: chart.height };
  } catch (err) {
    reply = { id: request.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  if (process.connected) process.send?.(reply);
});
