import type { QrWatcher } from '../qr/index.js';
import type { AppDeps } from './deps.js';

/** What every Slack handler receives: the app's deps and the QR watcher it hands sessions to. */
export interface SlackDeps extends AppDeps {
  watcher: Pick<QrWatcher, 'kick' | 'schedule' | 'gap'>;
}
