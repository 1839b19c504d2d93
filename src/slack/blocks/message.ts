import type { types } from '@slack/bolt';
import type { QueuedInfo } from '../../gateway/client.js';
import type { Locale } from '../../i18n/locales.js';
import { mrkdwn } from './limits.js';

/** What every builder returns: blocks plus the plain-text fallback Slack requires. */
export interface SlackMessage {
  text: string;
  blocks: types.KnownBlock[];
}

/** Who asked, where; passed from the Slack request to builders that mention people. */
export interface Asker {
  teamId: string;
  userId: string;
  channelId: string;
  /**
   * What started the work, for the audit: `/payorder`, `button …`, `form …`. Absent: work no
   * Slack request started (`background`). Carried here rather than in an AsyncLocalStorage,
   * which on Node 20 hooks every promise in the process and cost the ack path a third of its time.
   */
  origin?: string;
  /** Told when a gateway call made for this person will wait its turn (the "Queued" notice). */
  onQueued?: (info: QueuedInfo) => void;
  /**
   * The language this person reads, learned after the ack (`personLocale`); absent: English.
   * A stored query keeps its asker's, and a click answers in the clicker's (`clickedBy`).
   */
  locale?: Locale;
  /** The approver of the work this runs for (an approval request's decider), for the audit. */
  approvedBy?: string;
}

/** A stored query's asker, run again by a click: the clicker's user and origin, the query's place. */
export function clickedBy(owner: Asker, clicker: Asker): Asker {
  return {
    teamId: owner.teamId,
    channelId: owner.channelId,
    userId: clicker.userId,
    origin: clicker.origin,
    ...(clicker.locale ? { locale: clicker.locale } : {}),
  };
}

/** A one-line notice as a message: the same words as text fallback and as a section. */
export function notice(text: string): SlackMessage {
  return { text, blocks: [{ type: 'section', text: mrkdwn(text) }] };
}
