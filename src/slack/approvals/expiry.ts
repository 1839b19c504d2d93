import type { WebClient } from '@slack/web-api';
import { dueApprovals } from '../../approvals/index.js';
import type { AppDeps } from '../deps.js';
import { expireOne } from './decide.js';

type ClientFor = (teamId: string) => WebClient | Promise<WebClient>;

/** How often a replica looks for requests past APPROVAL_TIMEOUT_MS: a tenth of it, 0.25–60 s. */
export const expiryEveryMs = (timeoutMs: number) =>
  Math.min(60_000, Math.max(250, Math.floor(timeoutMs / 10)));

/**
 * Expires pending approval requests past their time on every replica: each request is expired
 * by one conditional update, so of replicas looking at once exactly one edits its messages and
 * tells its asker. Requests live in the store, so a restart or `kill -9` loses none.
 */
export function startApprovalExpiry(deps: AppDeps, clientFor: ClientFor) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const look = async () => {
    const due = await dueApprovals(deps.store.db, deps.clock().getTime());
    for (const row of due) {
      await expireOne(deps, await clientFor(row.workspace_id), row).catch((err: unknown) =>
        deps.logger.warn({ err, request: row.request_id }, 'approval not expired'),
      );
    }
  };
  const run = () => {
    running ??= look()
      .catch((err: unknown) => deps.logger.warn({ err }, 'approval expiry look failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      run();
      timer = setInterval(run, expiryEveryMs(deps.config.approval.timeoutMs));
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
