import type { SlackMessage } from '../blocks/message.js';
import { withSandboxNote } from '../blocks/sandbox-note.js';
import type { AppDeps } from '../deps.js';

/** Every message says "sandbox" while the embedded sandbox answers. */
export function finish(deps: Pick<AppDeps, 'gateway'>, message: SlackMessage): SlackMessage {
  return withSandboxNote(message, deps.gateway.sandbox);
}
