import type { Translate } from '../../i18n/translator.js';
import { translator } from '../../i18n/translator.js';
import type { Asker } from '../blocks/message.js';

/** The translator for what this asker reads privately: their language, English when not known. */
export function readerT(who: Pick<Asker, 'locale'>): Translate {
  return translator(who.locale ?? 'en');
}
