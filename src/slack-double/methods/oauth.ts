import { ApiError, type Args } from '../api-error.js';
import type { DoubleState } from '../state.js';

/**
 * `oauth.v2.access`: exchanges a code issued by `issueInstallCode` once, checking the client's id
 * and secret (HTTP Basic or form fields), and answers like Slack with the bot token it grants.
 */
export function oauthAccess(
  state: DoubleState,
  args: Args,
  basicId?: string,
  basicSecret?: string,
): Record<string, unknown> {
  const clientId = basicId ?? (typeof args.client_id === 'string' ? args.client_id : undefined);
  const secret =
    basicSecret ?? (typeof args.client_secret === 'string' ? args.client_secret : undefined);
  const client = state.oauthClient;
  if (!client || clientId !== client.clientId) throw new ApiError('invalid_client_id');
  if (secret !== client.clientSecret) throw new ApiError('bad_client_secret');
  const code = typeof args.code === 'string' ? args.code : '';
  const grant = state.installCodes.get(code);
  if (!grant) throw new ApiError('invalid_code');
  state.installCodes.delete(code);
  state.grantedTokens.set(grant.botToken, grant);
  return {
    app_id: state.id.appId,
    authed_user: { id: 'U0INSTALLER' },
    scope: 'commands,chat:write,files:write,users:read',
    token_type: 'bot',
    access_token: grant.botToken,
    bot_user_id: grant.botUserId,
    team: grant.orgWide ? null : { id: grant.teamId, name: `Team ${grant.teamId}` },
    enterprise: grant.enterpriseId ? { id: grant.enterpriseId, name: 'Grid' } : null,
    is_enterprise_install: !!grant.orgWide,
  };
}
