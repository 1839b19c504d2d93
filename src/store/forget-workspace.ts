import type { Db } from './database.js';

/**
 * A workspace that uninstalled the app (or revoked its tokens): its Slack installation and its
 * gateway token are deleted, and its QR watches end, so nothing runs for it any more. Spend, audit
 * and settings stay (they are the workspace's records, pruned by their own retention).
 */
export async function forgetWorkspace(db: Db, teamId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('installations')
      .where((eb) => eb.or([eb('id', '=', teamId), eb('team_id', '=', teamId)]))
      .execute();
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
