import type { MessageKey } from '../../i18n/catalog/en.js';

/** `/querydesk audit [@user] [today|7d|30d]`: rolling windows ending now. */
export const AUDIT_USAGE = 'audit [@user] [today|7d|30d]';

const DAYS = { today: 1, '7d': 7, '30d': 30 } as const;
export type AuditRange = keyof typeof DAYS;

export interface AuditArgs {
  userId?: string;
  range: AuditRange;
}

/** Slack sends a picked user as `<@U123|name>`; a bare id is accepted too. */
const USER = /^<@([UW][A-Z0-9]{2,30})(?:\|[^>]*)?>$|^([UW][A-Z0-9]{2,30})$/;

/** The words after `audit`; undefined when they are not one user and/or one range. */
export function parseAuditArgs(words: readonly string[]): AuditArgs | undefined {
  const out: AuditArgs = { range: 'today' };
  let seenUser = false;
  let seenRange = false;
  for (const w of words) {
    const lower = w.toLowerCase();
    if (lower in DAYS && !seenRange) {
      out.range = lower as AuditRange;
      seenRange = true;
      continue;
    }
    const m = USER.exec(w);
    if (m && !seenUser) {
      out.userId = m[1] ?? m[2];
      seenUser = true;
      continue;
    }
    return undefined;
  }
  return out;
}

/** Where a range starts, counted back from `now` (today: the last 24 hours). */
export function rangeStart(range: AuditRange, now: Date): Date {
  return new Date(now.getTime() - DAYS[range] * 86_400_000);
}

/** The range in words, as a message key. */
export const RANGE_LABEL = {
  today: 'audit.range.today',
  '7d': 'audit.range.7d',
  '30d': 'audit.range.30d',
} as const satisfies Record<AuditRange, MessageKey>;
