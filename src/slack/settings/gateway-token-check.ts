import { GatewayApiError, GatewayTransportError } from '../../gateway/errors.js';
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

export const TOKEN_VERDICT_TEXT: Record<TokenVerdict, string> = {
  works: 'The gateway accepted the new gateway token (checked with one free payment-order call).',
  rejected:
    'The gateway rejected the new gateway token (identity credential invalid). Paid look-ups will fail until an admin enters a valid one in /querydesk config.',
  unknown:
    'The new gateway token is saved, but the gateway could not be reached to check it; try a look-up in a moment.',
};
