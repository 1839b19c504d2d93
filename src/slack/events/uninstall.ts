import { forgetWorkspace } from '../../store/forget-workspace.js';
import type { SlackDeps } from '../context.js';
import type { EventDef } from './event.js';

async function forget(teamId: string | undefined, deps: SlackDeps, why: string): Promise<void> {
  if (!teamId) return;
  await forgetWorkspace(deps.store.db, teamId, deps.clock());
  deps.logger.info({ team: teamId, why }, 'workspace tokens deleted and its watches stopped');
}

/** The app was removed from a workspace: its tokens go and nothing keeps running for it. */
export const appUninstalled: EventDef<'app_uninstalled'> = {
  event: 'app_uninstalled',
  async handle({ body }, deps) {
    await forget(body.team_id, deps, 'app_uninstalled');
  },
};

/** The bot token was revoked: the same as an uninstall (a user token alone changes nothing). */
export const tokensRevoked: EventDef<'tokens_revoked'> = {
  event: 'tokens_revoked',
  async handle({ body, event }, deps) {
    if ((event.tokens.bot ?? []).length === 0) return;
    await forget(body.team_id, deps, 'tokens_revoked');
  },
};
