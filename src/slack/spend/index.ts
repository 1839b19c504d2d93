export { budgetLine } from '../blocks/budget-line.js';
export { OPERATION_WORDS, operationWord } from '../blocks/operation-words.js';
export { type BudgetWarningInput, maybeWarnBudget } from './budget-warning.js';
export { loadHomeData } from './home-data.js';
export {
  parseSpendArg,
  SPEND_PERIODS,
  type SpendPeriod,
  type SpendPeriodArg,
  spendCommand,
  spendPeriod,
} from './period.js';
export { type SpendAnswerInput, spendAnswer } from './spend-answer.js';
