import type { QrWatchControl } from '../qr/index.js';
import type { OrderWatcher } from '../watches/index.js';
import type { AppDeps } from './deps.js';

/** What every Slack handler receives: the app's deps and the QR watcher it hands sessions to. */
export interface SlackDeps extends AppDeps {
  watcher: QrWatchControl;
  /** Told when a watch is created, so its first check is not a tick late (absent in unit set-ups). */
  orderWatcher?: Pick<OrderWatcher, 'kick'>;
  /** Told when an export is started or cancelled (absent in unit set-ups). */
  exportRunner?: { kick(): void };
  /** Draws a /qr's PNG: in the background thread when there is one (absent: renderQrPng here). */
  drawQr?: (url: string) => Promise<Buffer>;
}
