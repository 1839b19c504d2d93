import { pointsWord } from './spend-format.js';

/** Today's budget in words: used and left, or "unlimited". */
export function budgetLine(budget: number | undefined, spentToday: number): string {
  if (budget === undefined) return `unlimited (${pointsWord(spentToday)} spent today)`;
  const left = Math.max(0, budget - spentToday);
  return `${pointsWord(spentToday)} of ${pointsWord(budget)} used, ${pointsWord(left)} left`;
}
