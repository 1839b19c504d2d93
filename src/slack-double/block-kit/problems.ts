import { isRecord } from '../api-error.js';
import { SLACK_LIMITS } from './limits.js';

/**
 * What Slack would say about a payload, one line each in the shape of its `response_metadata`
 * messages: `[ERROR] <reason> [json-pointer:<where>]`.
 */
export class Problems {
  readonly messages: string[] = [];

  add(pointer: string, reason: string): void {
    this.messages.push(`[ERROR] ${reason} [json-pointer:${pointer}]`);
  }

  /** A string field, absent unless `required`. */
  string(pointer: string, v: unknown, max: number, required = false): void {
    if (v === undefined) {
      if (required) this.add(pointer, 'missing required field');
      return;
    }
    if (typeof v !== 'string') this.add(pointer, 'must be a string');
    else if (v.length > max) this.add(pointer, `must be less than ${max + 1} characters`);
  }

  /** A text object (`{ type, text }`), absent unless `required`. */
  text(pointer: string, t: unknown, max: number, required = false): void {
    if (t === undefined) {
      if (required) this.add(pointer, 'missing required field');
      return;
    }
    if (!isRecord(t) || (t.type !== 'plain_text' && t.type !== 'mrkdwn')) {
      this.add(pointer, 'must be a text object');
      return;
    }
    if (typeof t.text !== 'string' || t.text.length === 0) {
      this.add(`${pointer}/text`, 'must be more than 0 characters');
      return;
    }
    this.string(`${pointer}/text`, t.text, Math.min(max, SLACK_LIMITS.text));
  }

  /** A list of at least `min` and at most `max` items; the items, to look into. */
  list(pointer: string, v: unknown, max: number, min = 0): unknown[] {
    if (!Array.isArray(v)) {
      this.add(pointer, 'must be an array');
      return [];
    }
    if (v.length > max) this.add(pointer, `no more than ${max} items allowed`);
    if (v.length < min) this.add(pointer, `must provide at least ${min} items`);
    return v;
  }
}
