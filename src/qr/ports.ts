import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { GatewayAnswer } from '../gateway/client.js';
import type { QrStatus } from '../gateway/operations/index.js';
import type { Store } from '../store/index.js';
import type { QrSessionRow } from './session-row.js';

/** Who a session belongs to: its workspace, the person who asked, its channel. */
export interface QrOwner {
  teamId: string;
  userId: string;
  channelId: string;
}

/** What showing a session's state in its status message came to. */
export type QrShowOutcome =
  | { kind: 'shown' }
  /** Slack asked to wait (HTTP 429): nothing is edited in this workspace before then. */
  | { kind: 'rate-limited'; retryAfterMs: number }
  /** A passing failure (network, 5xx): try again shortly. */
  | { kind: 'failed'; error: string }
  /** The message can no longer be edited (deleted, bot removed): give up on it. */
  | { kind: 'gone'; error: string };

/**
 * The chat side of QR sessions, declared here and implemented by the Slack side
 * (`slack/qr/status-messages.ts`), so the session logic knows nothing of Slack.
 */
export interface QrMessages {
  /** Edits the session's status message (same ts) to show its stored state. */
  show(row: QrSessionRow): Promise<QrShowOutcome>;
}

/** Everything the watcher needs. */
export interface QrWatchDeps {
  config: Pick<Config, 'qr'>;
  logger: Logger;
  store: Store;
  clock: () => Date;
  /** Operation 3 for a session, through its workspace's budget and gateway token. */
  checkStatus(owner: QrOwner, sessionId: string): Promise<GatewayAnswer<QrStatus>>;
  messages: QrMessages;
}
