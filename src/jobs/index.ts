export {
  createDailySummaryJob,
  type DailySummaryJob,
  type DailySummaryOptions,
  type SummaryOutcome,
  type SummaryWorkspace,
} from './daily-summary.js';
