export { loadAccountAnalytics } from './account-analytics.js';
export { QR_ACTION } from './action-ids.js';
export type { QrActionResult } from './action-result.js';
export { type NewCodeArgs, newCodeValue, parseNewCodeValue } from './button-values.js';
export { checkAgain } from './check-again.js';
export { QR_IMAGE_WIDTH, renderQrPng } from './qr-image.js';
export { scannedIt } from './scanned-it.js';
export {
  checkOffsets,
  DEFAULT_QR_BURST_MS,
  DEFAULT_QR_CAP_MS,
  DEFAULT_QR_DENSE_MS,
  DEFAULT_QR_GROWTH,
  DEFAULT_QR_JITTER,
  detectionDelay,
  maxChecksWithin,
  type QrSchedule,
  qrSchedule,
} from './schedule.js';
export {
  QR_USAGE,
  type QrDeps,
  type QrStartResult,
  startQrOnboarding,
} from './start-onboarding.js';
export { type QrSessionStats, qrCheckStats } from './stats.js';
export {
  createQrWatcher,
  DEFAULT_QR_LEASE_MS,
  type QrWatcher,
  type QrWatcherOptions,
} from './watcher.js';
export type { WebClient } from './work-context.js';
