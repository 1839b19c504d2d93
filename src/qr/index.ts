// QR login sessions without Slack: the schedule of status checks, the session store and its
// leases, the watcher. The chat side reaches in through the ports it declares (ports.ts).

export { lastAccountCharge, recordedRefund } from './ledger-lookups.js';
export { insertSession, type NewQrSession } from './new-session.js';
export type {
  QrMessages,
  QrOwner,
  QrShowOutcome,
  QrStepCompletion,
  QrStepOutcome,
  QrWatchControl,
  QrWatchDeps,
} from './ports.js';
export { QR_IMAGE_WIDTH, qrPainter, renderQrPng } from './qr-image.js';
export { rearmSession } from './rearm.js';
export {
  checkOffsets,
  DEFAULT_QR_BURST_MS,
  DEFAULT_QR_CAP_MS,
  DEFAULT_QR_DENSE_MS,
  DEFAULT_QR_GROWTH,
  DEFAULT_QR_JITTER,
  detectionDelay,
  maxChecksWithin,
  nextBaseGap,
  type QrSchedule,
  qrSchedule,
} from './schedule.js';
export { type QrSessionRow, stepOwed } from './session-row.js';
export { findSession, type SessionKey, updateLeased } from './session-store.js';
export { type QrSessionStats, qrCheckStats } from './stats.js';
export {
  createQrWatcher,
  DEFAULT_QR_LEASE_MS,
  type QrWatcher,
  type QrWatcherOptions,
} from './watcher.js';
