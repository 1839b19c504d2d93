import type { QrWatchDeps } from './ports.js';
import type { QrSchedule } from './schedule.js';

/** What one watcher brings to the work on a claimed session. */
export interface WorkContext {
  deps: QrWatchDeps;
  /** This worker's lease owner id. */
  owner: string;
  schedule: QrSchedule;
  timeoutMs: number;
  random: () => number;
  /** Per workspace: no status-message edit before this instant (a 429's Retry-After). */
  editsPausedUntil: Map<string, number>;
}

/** How long a transiently failed edit (network, 5xx) waits before it is tried again. */
export const EDIT_RETRY_MS = 5_000;
