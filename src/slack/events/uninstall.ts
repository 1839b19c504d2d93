import type { EnvelopedEvent } from '@slack/bolt';
import { exportDb } from '../../exports/export-row.js';
import { forgetWorkspace } from '../../store/forget-workspace.js';
import { endSubscriptionsWhere } from '../../subscriptions/index.js';
import { watchDb } from '../../watches/watch-row.js';
import type { SlackDeps } from '../context.js';
import type { EventDef } from './event.js';

/** The installation an uninstall is about: the org for an org-wide (Grid) install. */
function installationOf(body: EnvelopedEvent): string | undefined {
  const orgWide = (body.authorizations ?? []).some((a) => a.is_enterprise_install);
  return orgWide && body.enterprise_id ? body.enterprise_id : body.team_id;
}

async function forget(teamId: string | undefined, deps: SlackDeps, why: string): Promise<void> {
  if (!teamId) return;
  const now = deps.clock();
  // Read before it is deleted: its rate-limit queues are dropped with it.
  const gatewayToken =
    deps.config.mode === 'oauth'
      ? await deps.gatewayToken(teamId).catch(() => undefined)
      : undefined;
  await forgetWorkspace(deps.store.db, teamId, now);
  // Its order watches and exports end too (their runners skip rows no longer live).
  await watchDb(deps.store.db)
    .updateTable('order_watches')
    .set({
      watch_state: 'stopped',
      lease_owner: null,
      lease_until: null,
      updated_at: now.getTime(),
    })
    .where('workspace_id', '=', teamId)
    .where('watch_state', '=', 'watching')
    .execute();
  await exportDb(deps.store.db)
    .updateTable('exports')
    .set({ state: 'cancelled', lease_owner: null, lease_until: null, updated_at: now.getTime() })
    .where('workspace_id', '=', teamId)
    .where('state', 'in', ['preview', 'starting', 'running'])
    .execute();
  // And its channel subscriptions: no poll after this.
  await endSubscriptionsWhere(deps.store.db, { workspaceId: teamId }, 'uninstalled', now.getTime());
  deps.forgetInMemory?.(teamId, gatewayToken);
  deps.logger.info({ team: teamId, why }, 'workspace tokens deleted and its watches stopped');
}

/** The app was removed from a workspace: its tokens go and nothing keeps running for it (QR and
 * order watches, exports, channel subscriptions). */
export const appUninstalled: EventDef<'app_uninstalled'> = {
  event: 'app_uninstalled',
  async handle({ body }, deps) {
    await forget(installationOf(body), deps, 'app_uninstalled');
  },
};

/** The bot token was revoked: the same as an uninstall (a user token alone changes nothing). */
export const tokensRevoked: EventDef<'tokens_revoked'> = {
  event: 'tokens_revoked',
  async handle({ body, event }, deps) {
    if ((event.tokens.bot ?? []).length === 0) return;
    await forget(installationOf(body), deps, 'tokens_revoked');
  },
};
