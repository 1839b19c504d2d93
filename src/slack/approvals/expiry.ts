import type { WebClient } from '@slack/web-api';
import {
  approvalKeyOf,
  approvedNotSettled,
  dueApprovals,
  takeUpApproved,
} from '../../approvals/index.js';
import { carryOutApproval } from './carry-out.js';
import { expireOne } from './decide.js';
import type { StartDeps } from './start-approved.js';

type ClientFor = (teamId: string) => WebClient | Promise<WebClient>;

/** How often a replica looks for requests past APPROVAL_TIMEOUT_MS: a tenth of it, 0.25–60 s. */
export const expiryEveryMs = (timeoutMs: number) =>
  Math.min(60_000, Math.max(250, Math.floor(timeoutMs / 10)));

/**
 * Approval upkeep on every replica: expires pending requests past their time, and carries out
 * approved ones whose process died before settling them (past APPROVED_START_GRACE_MS). Each
 * request is taken by one conditional update, so of replicas looking at once exactly one edits
 * its messages and tells its asker. Requests live in the store, so a restart or `kill -9` loses
 * none.
 */
export function startApprovalExpiry(deps: StartDeps, clientFor: ClientFor) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const look = async () => {
    const due = await dueApprovals(deps.store.db, deps.clock().getTime());
    for (const row of due) {
      await expireOne(deps, await clientFor(row.workspace_id), row).catch((err: unknown) =>
        deps.logger.warn({ err, request: row.request_id }, 'approval not expired'),
      );
    }
    for (const row of await approvedNotSettled(deps.store.db, deps.clock().getTime())) {
      const mine = await takeUpApproved(deps.store.db, approvalKeyOf(row), deps.clock().getTime());
      if (!mine) continue;
      deps.logger.info({ team: row.workspace_id, request: row.request_id }, 'approval taken up');
      await carryOutApproval(deps, await clientFor(row.workspace_id), mine).catch((err: unknown) =>
        deps.logger.warn({ err, request: row.request_id }, 'approved work not carried out yet'),
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
