import { stepTokenAt } from '../../qr/session-row.js';
import type { SecretBox } from '../../secrets/cipher.js';
import { executionTokenAt } from '../../store/step-executions.js';

/** Sealed values start with the box's version tag; execution tokens (`xwfp-…`) never do. */
const SEALED = /^v[12]\./;

/**
 * An execution token as stored with its QR session: sealed when ENCRYPTION_KEY is set, bound to
 * its session's row (workspace and session) so it opens nowhere else, not even in another
 * session of the same workspace.
 */
export function sealStepToken(
  token: string,
  workspaceId: string,
  sessionId: string,
  box: SecretBox | undefined,
): string {
  return box ? box.seal(token, stepTokenAt(workspaceId, sessionId)) : token;
}

/** The token back from the store (a value stored before a key was set is read as it is). */
export function openStepToken(
  stored: string,
  workspaceId: string,
  sessionId: string,
  box: SecretBox | undefined,
): string {
  if (!SEALED.test(stored)) return stored;
  if (!box) throw new Error('a sealed step token needs ENCRYPTION_KEY');
  return box.open(stored, stepTokenAt(workspaceId, sessionId));
}

/** An execution token as its claim keeps it: sealed when ENCRYPTION_KEY is set. */
export function sealExecutionToken(
  token: string,
  executionId: string,
  box: SecretBox | undefined,
): string {
  return box ? box.seal(token, executionTokenAt(executionId)) : token;
}

/** The claim's token back (a value stored before a key was set is read as it is). */
export function openExecutionToken(
  stored: string,
  executionId: string,
  box: SecretBox | undefined,
): string {
  if (!SEALED.test(stored)) return stored;
  if (!box) throw new Error('a sealed step token needs ENCRYPTION_KEY');
  return box.open(stored, executionTokenAt(executionId));
}
