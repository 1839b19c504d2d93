import { instantToWallClock } from '../../gateway/time.js';
import type { Translate } from '../../i18n/translator.js';
import { qrStateText } from '../../i18n/words.js';
import { notice, type SlackMessage } from './message.js';

/** The answer to "I've scanned it" when the check just made still says "not scanned". */
export function qrNotScannedYet(v: {
  checkedAt: Date;
  timeZone: string;
  gapMs: number;
  denseForMs: number;
  /** The clicker's language (the answer is theirs alone). */
  t: Translate;
}): SlackMessage {
  const at = instantToWallClock(v.checkedAt, v.timeZone);
  const every = Math.max(1, Math.round(v.gapMs / 1000));
  const during = Math.max(1, Math.round(v.denseForMs / 1000));
  const state = qrStateText(v.t, 1);
  return notice(v.t('qr.check.notYet', { at, state, every, during }));
}

/** The answer to "I've scanned it" when the check could not be made (budget, gateway error). */
export function qrCheckFailed(t: Translate): SlackMessage {
  return notice(t('qr.check.failed'));
}
