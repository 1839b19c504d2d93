import { mrkdwn } from './limits.js';
import type { SlackMessage } from './message.js';

export const SANDBOX_WORDS =
  'sandbox data: the embedded sandbox gateway answered; its points are simulated, no real account was charged';

/** Every message says "sandbox" while the embedded sandbox serves the calls. */
export function withSandboxNote(message: SlackMessage, sandbox: boolean): SlackMessage {
  if (!sandbox) return message;
  const blocks = message.blocks.length >= 50 ? message.blocks.slice(0, 49) : message.blocks;
  return {
    text: `${message.text} (sandbox data)`,
    blocks: [...blocks, { type: 'context', elements: [mrkdwn(`:test_tube: ${SANDBOX_WORDS}`)] }],
  };
}
