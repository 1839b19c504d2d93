import { GatewayApiError, GatewayTransportError } from '../../gateway/errors.js';
import type { MessageKey } from '../../i18n/catalog/en.js';
import type { AppDeps } from '../deps.js';

export type TokenVerdict = 'works' | 'rejected' | 'unknown';

/**
 * One free call (operation 6, payment order) with an order number that cannot exist: any answer
 * other than an authentication failure proves the gateway accepted the token, a 401 proves it
 * did not; a network failure proves nothing.
 */
export async function checkGatewayToken(
  deps: Pick<AppDeps, 'gateway'>,
  token: string,
  who: { teamId: string; userId: string },
): Promise<TokenVerdict> {
  try {
    await deps.gateway.call(
      'payOrder',
      { orderNumber: 'querydesk-token-check', merchantNum: '0', kind: 'platform' },
      { token, workspaceId: who.teamId, userId: who.userId },
    );
    return 'works';
  } catch (err) {
    if (err instanceof GatewayApiError) return err.code === 401 ? 'rejected' : 'works';
    if (err instanceof GatewayTransportError && err.httpStatus === 401) return 'rejected';
    return 'unknown';
  }
}

/** What the admin is told about a new token, as message keys (in the admin's language). */
export const TOKEN_VERDICT_TEXT = {
  works: 'config.token.works',
  rejected: 'config.token.rejected',
  unknown: 'config.token.unknown',
} as const satisfies Record<TokenVerdict, MessageKey>;
