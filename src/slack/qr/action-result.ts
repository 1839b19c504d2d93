import type { SlackMessage } from '../blocks/message.js';

/**
 * What a QR button handler tells the person who clicked (ephemerally): an error, or on success
 * an optional word (e.g. "not scanned yet"); nothing when there is no message.
 */
export type QrActionResult =
  | { ok: true; message?: SlackMessage }
  | { ok: false; message: SlackMessage };
