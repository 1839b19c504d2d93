import type { Db } from '../../store/database.js';

/**
 * Which Grid organisation each workspace belongs to, as its requests say. Written once per
 * workspace per process (and again only if it changes), read when work outside a request needs
 * the workspace's installation.
 */
export function teamEnterprises(db: Db, clock: () => Date) {
  const known = new Map<string, string>();
  // Bumped by each drop: a read that began before one does not put the workspace back.
  let drops = 0;
  return {
    async remember(teamId: string, enterpriseId: string): Promise<void> {
      if (known.get(teamId) === enterpriseId) return;
      const at = clock().getTime();
      await db
        .insertInto('team_enterprises')
        .values({ team_id: teamId, enterprise_id: enterpriseId, updated_at: at })
        .onConflict((oc) =>
          oc.column('team_id').doUpdateSet({ enterprise_id: enterpriseId, updated_at: at }),
        )
        .execute();
      known.set(teamId, enterpriseId);
    },
    /** Forgets what this process knows of a workspace's organisation (the row is the caller's). */
    drop(teamId: string): void {
      drops += 1;
      known.delete(teamId);
    },
    async of(teamId: string): Promise<string | undefined> {
      const cached = known.get(teamId);
      if (cached) return cached;
      const began = drops;
      const row = await db
        .selectFrom('team_enterprises')
        .select('enterprise_id')
        .where('team_id', '=', teamId)
        .executeTakeFirst();
      if (row && began === drops) known.set(teamId, row.enterprise_id);
      return row?.enterprise_id;
    },
  };
}
