import { isRecord } from '../api-error.js';
import { elementErrors } from './element-errors.js';
import { SLACK_LIMITS as L } from './limits.js';
import type { Problems } from './problems.js';
import { tableErrors } from './table-errors.js';

/**
 * The blocks of a message or view at `at` (a JSON pointer such as `/blocks`), at most `max` of
 * them, each block_id once; block types the double does not know are let through unchecked.
 */
export function blockErrors(p: Problems, at: string, blocks: unknown, max: number): void {
  const seen = new Set<string>();
  for (const [i, block] of p.list(at, blocks, max).entries()) {
    const where = `${at}/${i}`;
    if (!isRecord(block) || typeof block.type !== 'string') {
      p.add(where, 'missing required field: type');
      continue;
    }
    p.string(`${where}/block_id`, block.block_id, L.id);
    if (typeof block.block_id === 'string') {
      if (seen.has(block.block_id)) p.add(`${where}/block_id`, 'duplicate block_id');
      seen.add(block.block_id);
    }
    oneBlock(p, where, block);
  }
}

function oneBlock(p: Problems, at: string, block: Record<string, unknown>): void {
  const actionIds = new Set<string>();
  switch (block.type) {
    case 'section':
      if (block.text === undefined && block.fields === undefined) {
        p.add(at, 'must provide text or fields');
      }
      p.text(`${at}/text`, block.text, L.sectionText);
      if (block.fields !== undefined) {
        const fields = p.list(`${at}/fields`, block.fields, L.sectionFields, 1);
        for (const [i, f] of fields.entries()) {
          p.text(`${at}/fields/${i}`, f, L.sectionFieldText, true);
        }
      }
      if (block.accessory !== undefined) {
        elementErrors(p, `${at}/accessory`, block.accessory, actionIds);
      }
      return;
    case 'header':
      p.text(`${at}/text`, block.text, L.headerText, true);
      return;
    case 'actions':
      for (const [i, el] of p
        .list(`${at}/elements`, block.elements, L.actionsElements, 1)
        .entries()) {
        elementErrors(p, `${at}/elements/${i}`, el, actionIds);
      }
      return;
    case 'context':
      p.list(`${at}/elements`, block.elements, L.contextElements, 1);
      return;
    case 'image':
      p.string(`${at}/alt_text`, block.alt_text, L.imageAltText, true);
      p.string(`${at}/image_url`, block.image_url, L.imageUrl);
      p.text(`${at}/title`, block.title, L.imageTitle);
      return;
    case 'input':
      p.text(`${at}/label`, block.label, L.inputLabel, true);
      p.text(`${at}/hint`, block.hint, L.inputHint);
      if (block.element === undefined) p.add(`${at}/element`, 'missing required field');
      else elementErrors(p, `${at}/element`, block.element, actionIds);
      return;
    case 'table':
      tableErrors(p, at, block);
      return;
    default:
      return;
  }
}
