import type { Translate } from '../../i18n/translator.js';
import { pointsWord } from './spend-format.js';

/** Today's budget in words: used and left, or "unlimited". */
export function budgetLine(budget: number | undefined, spentToday: number, t: Translate): string {
  const spent = pointsWord(spentToday, t);
  if (budget === undefined) return t('spend.budget.unlimited', { spent });
  const left = Math.max(0, budget - spentToday);
  return t('spend.budget.used', {
    spent,
    budget: pointsWord(budget, t),
    left: pointsWord(left, t),
  });
}
