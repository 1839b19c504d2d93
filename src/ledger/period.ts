import { dayRange } from './day.js';

export const SPEND_PERIODS = ['today', '7d', '30d'] as const;
export type SpendPeriodArg = (typeof SPEND_PERIODS)[number];

const LENGTH_IN_DAYS: Record<SpendPeriodArg, number> = { today: 1, '7d': 7, '30d': 30 };
const LABELS: Record<SpendPeriodArg, string> = {
  today: 'today',
  '7d': 'last 7 days',
  '30d': 'last 30 days',
};

export interface SpendPeriod {
  from: Date;
  to: Date;
  label: string;
}

/**
 * today: local midnight → now; 7d / 30d: the last 7 / 30 local days including today, from the
 * first of them at local midnight → now. Days are walked one by one so clock changes are honoured.
 */
export function spendPeriod(arg: SpendPeriodArg, now: Date, timeZone: string): SpendPeriod {
  let start = dayRange(now, timeZone).start;
  for (let i = 1; i < LENGTH_IN_DAYS[arg]; i++) {
    start = dayRange(new Date(start.getTime() - 1), timeZone).start;
  }
  return { from: start, to: now, label: LABELS[arg] };
}
