// The Slack side of QR onboarding: /qr's flow, the status message's buttons, its rendering and
// the chat port the watcher in src/qr/ uses.

export { type NewCodeArgs, newCodeValue, parseNewCodeValue } from '../blocks/qr-button-values.js';
export { loadAccountAnalytics } from './account-analytics.js';
export type { QrActionResult } from './action-result.js';
export { checkAgain } from './check-again.js';
export { renderSession } from './render.js';
export { scannedIt } from './scanned-it.js';
export { type QrStartResult, startQrOnboarding } from './start-onboarding.js';
export { qrStatusMessages } from './status-messages.js';
export { qrWatchDeps } from './watch-deps.js';
