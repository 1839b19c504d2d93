import type { webApi } from '@slack/bolt';
import type { AppDeps } from '../slack/deps.js';
import type { QrSchedule } from './schedule.js';

export type WebClient = webApi.WebClient;

/** What one watcher brings to the work on a claimed session. */
export interface WorkContext {
  deps: AppDeps;
  clientFor(teamId: string): WebClient | Promise<WebClient>;
  /** This worker's lease owner id. */
  owner: string;
  schedule: QrSchedule;
  timeoutMs: number;
  random: () => number;
  /** Per workspace: no chat.update before this instant (a 429's Retry-After). */
  editsPausedUntil: Map<string, number>;
}

/** How long a transiently failed edit (network, 5xx) waits before it is tried again. */
export const EDIT_RETRY_MS = 5_000;
