import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import type { SecretBox } from '../../secrets/cipher.js';
import type { Db } from '../../store/database.js';

type AnyInstallation = Installation<'v1' | 'v2', boolean>;

/** The row id: the org for an org-wide (Enterprise Grid) install, the workspace otherwise. */
function rowIdOf(i: AnyInstallation): string {
  const id = i.isEnterpriseInstall ? i.enterprise?.id : i.team?.id;
  if (!id) throw new Error('installation without a team or enterprise id');
  return id;
}

/** Ids to look for, most specific first: a workspace of an org-wide install falls back to the org. */
function candidates(q: InstallationQuery<boolean>): string[] {
  if (q.isEnterpriseInstall && q.enterpriseId) return [q.enterpriseId];
  return [q.teamId, q.enterpriseId].filter((v): v is string => !!v);
}

/**
 * How long an installation read stays in memory. Every request's `authorize` and every Slack call
 * of the background work read one: at 30 workspaces they held 8 of the 20 connections in any
 * sample, while people's answers queued for one. A reinstall or uninstall on this replica is seen
 * at once, on another within this.
 */
export const INSTALLATION_CACHE_MS = 10_000;

/**
 * Bolt's installation store in our database: every installation sealed (the bot token in its own
 * column too, so `rotate-keys` and the uninstall path can find it), keyed by enterprise and team.
 */
export function databaseInstallationStore(
  db: Db,
  box: SecretBox,
  now: () => Date,
): InstallationStore & { teamIds(): Promise<string[]>; forget(id: string): void } {
  const cached = new Map<string, { installation: AnyInstallation; until: number }>();
  // Bumped by each change or forget: a read that began before one does not cache what it read.
  let changes = 0;
  return {
    async storeInstallation(installation) {
      const token = installation.bot?.token;
      if (!token) throw new Error('installation without a bot token');
      const at = now().getTime();
      const id = rowIdOf(installation);
      cached.delete(id);
      const row = {
        id,
        team_id: installation.team?.id ?? null,
        enterprise_id: installation.enterprise?.id ?? null,
        bot_user_id: installation.bot?.userId ?? null,
        bot_token_enc: box.seal(token, {
          table: 'installations',
          column: 'bot_token_enc',
          rowId: id,
        }),
        installation_enc: box.seal(JSON.stringify(installation), {
          table: 'installations',
          column: 'installation_enc',
          rowId: id,
        }),
        installed_at: at,
        updated_at: at,
      };
      await db
        .insertInto('installations')
        .values(row)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            team_id: row.team_id,
            enterprise_id: row.enterprise_id,
            bot_user_id: row.bot_user_id,
            bot_token_enc: row.bot_token_enc,
            installation_enc: row.installation_enc,
            updated_at: at,
          }),
        )
        .execute();
      changes += 1;
      cached.delete(id);
    },
    async fetchInstallation(query) {
      for (const id of candidates(query)) {
        const hit = cached.get(id);
        if (hit && hit.until > now().getTime()) return hit.installation;
        cached.delete(id);
        const began = changes;
        const row = await db
          .selectFrom('installations')
          .select(['installation_enc'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (row?.installation_enc) {
          const at = { table: 'installations', column: 'installation_enc', rowId: id };
          const installation = JSON.parse(box.open(row.installation_enc, at)) as AnyInstallation;
          if (began === changes)
            cached.set(id, { installation, until: now().getTime() + INSTALLATION_CACHE_MS });
          return installation;
        }
      }
      throw new Error('no installation for this team');
    },
    async deleteInstallation(query) {
      const ids = candidates(query);
      if (ids.length === 0) return;
      await db.deleteFrom('installations').where('id', '=', ids[0]!).execute();
      changes += 1;
      cached.delete(ids[0]!);
    },
    /** An uninstalled workspace or org: its installation is read from the database again. */
    forget(id: string) {
      changes += 1;
      cached.delete(id);
    },
    async teamIds() {
      const rows = await db.selectFrom('installations').select(['id', 'team_id']).execute();
      return rows.map((r) => r.team_id ?? r.id);
    },
  };
}
