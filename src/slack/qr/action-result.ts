import type { Translate } from '../../i18n/translator.js';
import { errorCard, UserFacingError } from '../blocks/error-card.js';
import type { SlackMessage } from '../blocks/message.js';

/** A private answer, rendered in the clicker's language once it is known to be needed. */
export type QrReply = (t: Translate) => SlackMessage;

/**
 * What a QR button handler tells the person who clicked (ephemerally): an error, or on success
 * an optional word (e.g. "not scanned yet"); nothing when there is no message.
 */
export type QrActionResult = { ok: true; message?: QrReply } | { ok: false; message: QrReply };

/** A refusal of ours as an error card, in `t`. */
export function refusal(t: Translate, title: string, detail: string): SlackMessage {
  return errorCard(new UserFacingError(title, detail), t);
}

/** "No QR session … here.", in the clicker's language. */
export function unknownSession(sessionId: string): QrReply {
  return (t) =>
    refusal(t, t('qr.error.unknownTitle'), t('qr.error.unknownDetail', { session: sessionId }));
}
