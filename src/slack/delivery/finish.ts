import type { Translate } from '../../i18n/translator.js';
import type { SlackMessage } from '../blocks/message.js';
import { withSandboxNote } from '../blocks/sandbox-note.js';
import type { AppDeps } from '../deps.js';

/** Every message says "sandbox" while the embedded sandbox answers (in `t`'s language). */
export function finish(
  deps: Pick<AppDeps, 'gateway'>,
  message: SlackMessage,
  t: Translate,
): SlackMessage {
  return withSandboxNote(message, deps.gateway.sandbox, t);
}
