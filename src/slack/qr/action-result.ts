import type { SlackMessage } from '../blocks/message.js';

/** What a QR button handler tells the person who clicked (ephemerally); nothing when ok. */
export type QrActionResult = { ok: true } | { ok: false; message: SlackMessage };
