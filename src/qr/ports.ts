import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { GatewayAnswer } from '../gateway/client.js';
import type { QrStatus } from '../gateway/operations/index.js';
import type { Store } from '../store/index.js';
import type { QrSchedule } from './schedule.js';
import type { QrSessionRow } from './session-row.js';
import type { SessionKey } from './session-store.js';

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

/** What completing a session's workflow step came to. */
export type QrStepOutcome =
  | { kind: 'completed' }
  /** A passing failure (network, 5xx, 429): try again after `retryAfterMs`. */
  | { kind: 'retry'; retryAfterMs: number }
  /** Slack will never take it (the execution ended, its token is gone): given up. */
  | { kind: 'gone'; error: string };

/**
 * Completes the workflow step that waits for a session whose watch is over (declared here,
 * implemented by the Slack side in `slack/functions/`).
 */
export interface QrStepCompletion {
  complete(row: QrSessionRow): Promise<QrStepOutcome>;
}

/** Everything the watcher needs. */
export interface QrWatchDeps {
  config: Pick<Config, 'qr'>;
  logger: Logger;
  store: Store;
  clock: () => Date;
  /**
   * Operation 3 for a session, through its workspace's budget and gateway token. `interactive`:
   * a person clicked and waits for it (goes before background work at the gateway).
   * `mayStillSend`: asked as the check is about to leave; false withdraws it unsent
   * (`CallWithdrawn`), as when the session's lease may have gone while it waited.
   */
  checkStatus(
    owner: QrOwner,
    sessionId: string,
    opts?: { interactive?: boolean; mayStillSend?: () => boolean },
  ): Promise<GatewayAnswer<QrStatus>>;
  messages: QrMessages;
  /** Absent where no workflow step can start a session (unit set-ups). */
  steps?: QrStepCompletion;
}

/** A session held while it is set up (QrWatchControl.hold). */
export interface QrSetUpHold {
  /** Waits for its first check if one began, else cancels it: the row then says what to show. */
  settle(): Promise<void>;
  /** Settles, then hands the session to the watchers. */
  release(): Promise<void>;
}

/**
 * What the chat side may ask of the running watcher: hand it a new or re-armed session, lease a
 * session under its identity (so its heartbeat renews the lease), or check one now on a click.
 */
export interface QrWatchControl {
  /** Unique per process: the owner of this watcher's leases. */
  readonly workerId: string;
  readonly schedule: QrSchedule;
  /** How long a lease of this watcher lasts unless its heartbeat renews it. */
  readonly leaseMs: number;
  /** `baseMs` with this watcher's jitter applied. */
  gap(baseMs: number): number;
  /** Look for due work now (a session was just created or re-armed). */
  kick(): void;
  /**
   * Keeps a session this process just stored, leased to `workerId` at `claimedAt`, under this
   * watcher's heartbeat while it is set up (its PNG, its first edit); `release` hands it to the
   * watchers. A set-up still under way at `firstCheckAt` does not hold the first check back: it
   * is made then, under this lease, its outcome stored but not shown (the set-up's edit shows it).
   */
  hold(key: SessionKey, claimedAt: number, firstCheckAt?: number): QrSetUpHold;
  /**
   * Checks a watched session now and makes its checks dense again for a while ("I've scanned
   * it"). 'busy' when a check or edit of it is already running anywhere (nothing more is done);
   * otherwise the row as stored afterwards (undefined: no such session).
   */
  checkNow(key: SessionKey): Promise<QrSessionRow | 'busy' | undefined>;
}
