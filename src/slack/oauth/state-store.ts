import { randomBytes } from 'node:crypto';
import type { InstallURLOptions, StateStore } from '@slack/bolt';
import type { Db } from '../../store/database.js';

const STATE_TTL_MS = 10 * 60_000;

/**
 * OAuth `state` values kept in the database (every replica sees them) and deleted when used, so
 * each works once. Bolt binds the state to a cookie as well; this makes it single-use.
 */
export function databaseStateStore(db: Db): StateStore {
  return {
    async generateStateParam(installOptions, now) {
      const state = randomBytes(24).toString('base64url');
      await db
        .insertInto('oauth_states')
        .values({
          state,
          install_options: JSON.stringify(installOptions),
          expires_at: now.getTime() + STATE_TTL_MS,
        })
        .execute();
      await db.deleteFrom('oauth_states').where('expires_at', '<', now.getTime()).execute();
      return state;
    },
    async verifyStateParam(now, state) {
      const row = await db
        .deleteFrom('oauth_states')
        .where('state', '=', state)
        .returning(['install_options', 'expires_at'])
        .executeTakeFirst();
      if (!row || Number(row.expires_at) < now.getTime()) {
        throw new Error('unknown, used or expired OAuth state');
      }
      return JSON.parse(row.install_options) as InstallURLOptions;
    },
  };
}
