import { isRecord } from '../api-error.js';
import { blockErrors } from './block-errors.js';
import { SLACK_LIMITS as L } from './limits.js';
import { Problems } from './problems.js';

/** What Slack would answer `invalid_arguments` about for a modal or Home tab; empty when none. */
export function viewErrors(view: unknown): string[] {
  const p = new Problems();
  if (!isRecord(view)) {
    p.add('/view', 'must be an object');
    return p.messages;
  }
  blockErrors(p, '/view/blocks', view.blocks, L.viewBlocks);
  if (view.type === 'modal') {
    p.text('/view/title', view.title, L.viewTitle, true);
    p.text('/view/submit', view.submit, L.viewSubmit);
    p.text('/view/close', view.close, L.viewClose);
    const hasInput =
      Array.isArray(view.blocks) && view.blocks.some((b) => isRecord(b) && b.type === 'input');
    // Slack refuses a modal whose input blocks could never be submitted.
    if (hasInput && view.submit === undefined) p.add('/view/submit', 'missing required field');
  }
  p.string('/view/callback_id', view.callback_id, L.id);
  p.string('/view/external_id', view.external_id, L.id);
  p.string('/view/private_metadata', view.private_metadata, L.privateMetadata);
  return p.messages;
}
