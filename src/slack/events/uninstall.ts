import type { EnvelopedEvent } from '@slack/bolt';
import { exportDb } from '../../exports/export-row.js';
import {
  forgetOrgMembership,
  forgetWorkspace,
  workspacesOfOrg,
} from '../../store/forget-workspace.js';
import { endSubscriptionsWhere } from '../../subscriptions/index.js';
import { watchDb } from '../../watches/watch-row.js';
import type { SlackDeps } from '../context.js';
import type { EventDef } from './event.js';

/** The installation an uninstall is about: the org for an org-wide (Grid) install. */
function installationOf(body: EnvelopedEvent): { id: string; orgWide: boolean } | undefined {
  const orgWide = (body.authorizations ?? []).some((a) => a.is_enterprise_install);
  if (orgWide && body.enterprise_id) return { id: body.enterprise_id, orgWide: true };
  return body.team_id ? { id: body.team_id, orgWide: false } : undefined;
}

/** Its order watches and exports end (their runners skip rows no longer live). */
async function endWatchesAndExports(deps: SlackDeps, teamId: string, now: Date): Promise<void> {
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
}

/**
 * Everything one workspace had running ends: its gateway token goes, its QR and order watches,
 * exports and channel subscriptions end, and memory drops its Slack client and its token's
 * rate-limit queues. `installation`: its own Slack installation is deleted too.
 */
async function endWorkspace(
  deps: SlackDeps,
  teamId: string,
  now: Date,
  installation: boolean,
): Promise<void> {
  // Read before it is deleted: its rate-limit queues are dropped with it.
  const gatewayToken =
    deps.config.mode === 'oauth'
      ? await deps.gatewayToken(teamId).catch(() => undefined)
      : undefined;
  await forgetWorkspace(deps.store.db, teamId, now, { installation });
  deps.store.settings.changed(teamId);
  await endWatchesAndExports(deps, teamId, now);
  // And its channel subscriptions: no poll after this.
  await endSubscriptionsWhere(deps.store.db, { workspaceId: teamId }, 'uninstalled', now.getTime());
  deps.forgetInMemory?.(teamId, gatewayToken);
}

/**
 * The app's installation is gone: a workspace's, or an org's (then every workspace of the org,
 * as their requests made them known, and the workspace the event names).
 */
async function forget(body: EnvelopedEvent, deps: SlackDeps, why: string): Promise<void> {
  const target = installationOf(body);
  if (!target) return;
  const now = deps.clock();
  await endWorkspace(deps, target.id, now, true);
  const teams = target.orgWide ? await workspacesOfOrg(deps.store.db, target.id) : [];
  if (target.orgWide && body.team_id) teams.push(body.team_id);
  for (const team of new Set(teams)) await endWorkspace(deps, team, now, false);
  deps.logger.info(
    { team: target.id, workspaces: teams.length, why },
    'workspace tokens deleted and its watches stopped',
  );
}

/** The app was removed from a workspace: its tokens go and nothing keeps running for it (QR and
 * order watches, exports, channel subscriptions). */
export const appUninstalled: EventDef<'app_uninstalled'> = {
  event: 'app_uninstalled',
  async handle({ body }, deps) {
    await forget(body, deps, 'app_uninstalled');
  },
};

/**
 * An org-wide app was removed from one workspace of the org: that workspace's work, gateway token
 * and link to the org's installation go (so nothing finishing late builds its Slack client
 * again); the org's installation stays for its other workspaces.
 */
export const appUninstalledTeam: EventDef<'app_uninstalled_team'> = {
  event: 'app_uninstalled_team',
  async handle({ body, event }, deps) {
    const teamId = event.team_id || body.team_id;
    if (!teamId) return;
    await forgetOrgMembership(deps.store.db, teamId);
    await endWorkspace(deps, teamId, deps.clock(), false);
    deps.logger.info(
      { team: teamId, why: 'app_uninstalled_team' },
      'workspace tokens deleted and its watches stopped',
    );
  },
};

/** The bot token was revoked: the same as an uninstall (a user token alone changes nothing). */
export const tokensRevoked: EventDef<'tokens_revoked'> = {
  event: 'tokens_revoked',
  async handle({ body, event }, deps) {
    if ((event.tokens.bot ?? []).length === 0) return;
    await forget(body, deps, 'tokens_revoked');
  },
};
