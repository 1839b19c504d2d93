import type { ApprovalWork } from '../../approvals/index.js';
import type { Translate } from '../../i18n/translator.js';
import { esc } from '../blocks/format.js';
import { intervalWords, watchedWords } from '../blocks/subscription-preview.js';
import { exportTitle } from '../exports/export-messages.js';

/** What a request asks to start, in `t`'s language, escaped for mrkdwn. */
export function whatWords(work: ApprovalWork, t: Translate): string {
  if (work.kind === 'export') {
    const title = exportTitle({ args_json: work.export.argsJson }, t);
    return t('approvals.what.export', { title: esc(title, 200) });
  }
  const s = work.subscription;
  return t('approvals.what.subscription', {
    what: watchedWords(s, t),
    every: esc(intervalWords(s.intervalMs, t), 20),
  });
}
