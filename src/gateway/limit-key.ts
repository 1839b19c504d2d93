import { createHash } from 'node:crypto';
import type { OperationName } from './operation.js';

/**
 * The gateway counts 10 requests/s per operation for one access token. The budget's key names
 * the token by a short hash, so keys (in Redis, in logs, in metrics) never carry the token itself.
 */
export function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}

export function limitKey(token: string, op: OperationName): string {
  return `${tokenId(token)}:${op}`;
}
