export { budgetLine } from './budget-line.js';
export { type BudgetWarningInput, maybeWarnBudget } from './budget-warning.js';
export { loadHomeData } from './home-data.js';
export { OPERATION_WORDS, operationWord } from './operation-words.js';
export {
  parseSpendArg,
  SPEND_PERIODS,
  type SpendPeriod,
  type SpendPeriodArg,
  spendCommand,
  spendPeriod,
} from './period.js';
export { type SpendAnswerInput, spendAnswer } from './spend-answer.js';
