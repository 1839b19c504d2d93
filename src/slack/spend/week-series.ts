import type { SpendChartData } from '../../ledger/chart-spec.js';
import { daysBetween } from '../../ledger/day.js';
import type { Ledger } from '../../ledger/ledger.js';
import { OPERATION_WORDS, operationWord } from './operation-words.js';

const ORDER = Object.keys(OPERATION_WORDS);
const rank = (op: string) => {
  const i = ORDER.indexOf(op);
  return i === -1 ? ORDER.length : i;
};

/**
 * Net points per local day and operation over [from, to), ready for the chart: one ledger query
 * per day, operations in the document's order and named in words, all-zero operations left out.
 */
export async function spendByDayAndOperation(
  ledger: Ledger,
  q: { workspaceId: string; from: Date; to: Date; timeZone: string },
): Promise<SpendChartData> {
  const days = daysBetween(q.from, q.to, q.timeZone);
  const reports = await Promise.all(
    days.map((d) =>
      ledger.spend({
        workspaceId: q.workspaceId,
        from: new Date(Math.max(d.start.getTime(), q.from.getTime())),
        to: new Date(Math.min(d.end.getTime(), q.to.getTime())),
        timeZone: q.timeZone,
      }),
    ),
  );
  const perOperation = new Map<string, number[]>();
  reports.forEach((r, i) => {
    for (const o of r.byOperation) {
      const points = perOperation.get(o.operation) ?? days.map(() => 0);
      points[i] = o.net;
      perOperation.set(o.operation, points);
    }
  });
  const series = [...perOperation.entries()]
    .filter(([, points]) => points.some((p) => p !== 0))
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([operation, points]) => ({ operation: operationWord(operation), points }));
  return { days: days.map((d) => d.key), series };
}
