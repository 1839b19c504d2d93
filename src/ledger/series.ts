import { OPERATION_NAMES } from '../gateway/operations/index.js';
import type { SpendChartData } from './chart-spec.js';
import { daysBetween } from './day.js';
import type { Ledger } from './ledger.js';

const ORDER: readonly string[] = OPERATION_NAMES;
const rank = (op: string) => {
  const i = ORDER.indexOf(op);
  return i === -1 ? ORDER.length : i;
};

/**
 * Net points per local day and operation over [from, to), ready for the chart: one read of the
 * aggregates, operations in the document's order and named by `name`, all-zero operations left out.
 */
export async function spendByDayAndOperation(
  ledger: Ledger,
  q: { workspaceId: string; from: Date; to: Date; timeZone: string },
  name: (operation: string) => string = (op) => op,
): Promise<SpendChartData> {
  const days = daysBetween(q.from, q.to, q.timeZone);
  const index = new Map(days.map((d, i) => [d.key, i]));
  const perOperation = new Map<string, number[]>();
  for (const c of await ledger.cells(q)) {
    const i = index.get(c.day);
    if (i === undefined) continue;
    const points = perOperation.get(c.operation) ?? days.map(() => 0);
    // Charges the gateway confirmed: an unconfirmed one is held against the budget, not drawn.
    const signed = c.kind === 'charge' ? c.points : c.kind === 'refund' ? -c.points : 0;
    points[i] = (points[i] ?? 0) + signed;
    perOperation.set(c.operation, points);
  }
  const series = [...perOperation.entries()]
    .filter(([, points]) => points.some((p) => p !== 0))
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([operation, points]) => ({ operation: name(operation), points }));
  return { days: days.map((d) => d.key), series };
}
