import type { SlackDouble } from '../src/slack-double/index.js';
import type { BurstRequest } from './burst-client.js';
import { percentile, round } from './stats.js';

/** A message naming a payment order, as a person would paste it. */
const MESSAGE =
  'Customer says order 420012405000011 (merchant 898310058120001) was paid, not shipped';

export interface ShortcutFigures {
  shortcuts: number;
  /** Modals the Slack double saw opened (views.open with the shortcut's trigger_id, in time). */
  opened: number;
  openP50Ms: number | null;
  openMaxMs: number | null;
  /** Each opened modal's time, ms from the burst's start (to pool several bursts). */
  openMs: number[];
}

/**
 * `count` message shortcuts ("Look up in querydesk") from users of their own, to send within a
 * burst; each modal's opening is timed where Slack would see it, at the double's views.open,
 * from `t0`. The double refuses a trigger_id older than 3 s, so a late modal is not opened at all.
 */
export function shortcutOpens(double: SlackDouble, tag: string, count: number) {
  const prefix = `US${tag}`;
  const opened = new Map<string, number>();
  const off = double.on('change', (c) => {
    if (c.kind !== 'view' || c.view.lastAction !== 'opened') return;
    if (c.view.user.startsWith(prefix) && !opened.has(c.view.user))
      opened.set(c.view.user, performance.now());
  });
  return {
    /** Signed now (their trigger_ids start their 3 s now): build them just before sending. */
    requests(): BurstRequest[] {
      return Array.from({ length: count }, (_, i) =>
        double.shortcutRequest({
          callbackId: 'lookup_message',
          user: `${prefix}${i}`,
          message: { channel: 'C0BENCHMSG', text: MESSAGE },
        }),
      );
    },
    /** The figures so far, from `t0` (performance.now() when the burst was sent). */
    figures(t0: number): ShortcutFigures {
      const ms = [...opened.values()].map((at) => at - t0);
      return {
        shortcuts: count,
        opened: opened.size,
        openP50Ms: round(percentile(ms, 0.5)),
        openMaxMs: ms.length ? round(Math.max(...ms)) : null,
        openMs: ms,
      };
    },
    /** Waits up to `ms` for every modal. */
    async settle(ms: number): Promise<void> {
      await double.waitFor(() => opened.size >= count || undefined, ms).catch(() => undefined);
    },
    stop: off,
  };
}
