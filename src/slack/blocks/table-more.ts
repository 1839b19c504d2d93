import type { Translate } from '../../i18n/translator.js';

/**
 * The line that goes with a table that leaves out records: how many, and how to get them, by
 * the export `command` (`/shoporders export`) or, for a lookup that has none, by a smaller page.
 */
export function tableMoreLine(n: number, command: string | undefined, t: Translate): string {
  return command === undefined
    ? t('table.more.size', { n })
    : t('table.more.export', { n, command: `\`${command}\`` });
}
