import type { Db } from './database.js';

/**
 * A workspace that uninstalled the app (or revoked its tokens): its gateway token is deleted and
 * its QR watches end, so nothing runs for it any more; with `installation`, its own Slack
 * installation (or its org's, when `teamId` is an org id) is deleted too. A workspace removed
 * from an org-wide install keeps its org's installation, which still serves the others. Spend,
 * audit and settings stay (they are the workspace's records, pruned by their own retention).
 */
export async function forgetWorkspace(
  db: Db,
  teamId: string,
  now: Date,
  options: { installation: boolean } = { installation: true },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (options.installation) {
      await tx
        .deleteFrom('installations')
        .where((eb) => eb.or([eb('id', '=', teamId), eb('team_id', '=', teamId)]))
        .execute();
    }
    await tx
      .updateTable('workspace_settings')
      .set({ gateway_token_enc: null, gateway_token_last4: null, updated_at: now.getTime() })
      .where('workspace_id', '=', teamId)
      .execute();
    await tx
      .updateTable('qr_sessions')
      .set({ watch_state: 'done', lease_owner: null, lease_until: null, updated_at: now.getTime() })
      .where('workspace_id', '=', teamId)
      .where('watch_state', '=', 'watching')
      .execute();
  });
}

/**
 * A workspace no longer in its organisation's org-wide install: work outside a request no longer
 * finds the org's installation through it (a request from it, once added again, records it anew).
 */
export async function forgetOrgMembership(db: Db, teamId: string): Promise<void> {
  await db.deleteFrom('team_enterprises').where('team_id', '=', teamId).execute();
}

/** The workspaces of a Grid organisation that the app has served (learnt from their requests). */
export async function workspacesOfOrg(db: Db, enterpriseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('team_enterprises')
    .select('team_id')
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  return rows.map((r) => r.team_id);
}
