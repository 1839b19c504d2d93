import { blockErrors } from './block-errors.js';
import { SLACK_LIMITS } from './limits.js';
import { Problems } from './problems.js';
import { oneTableErrors } from './table-errors.js';

/** What Slack would answer `invalid_blocks` about for a message's blocks; empty when none. */
export function messageErrors(blocks: unknown): string[] {
  const p = new Problems();
  blockErrors(p, '/blocks', blocks, SLACK_LIMITS.messageBlocks);
  oneTableErrors(p, '/blocks', blocks);
  return p.messages;
}
