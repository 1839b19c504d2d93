import { Cron } from 'croner';

/** How far back to look for the previous run, widening until one is found (up to a year). */
const LOOK_BACK_MS = [
  60_000,
  3_600_000,
  86_400_000,
  8 * 86_400_000,
  32 * 86_400_000,
  367 * 86_400_000,
];

/** A cron pattern read in a time zone; croner only computes instants here, it runs nothing. */
export interface Schedule {
  /** The first scheduled instant strictly after `after`. */
  next(after: Date): Date | null;
  /** The latest scheduled instant at or before `now`, or null if none in the last year. */
  previous(now: Date): Date | null;
}

export function cronSchedule(pattern: string, timeZone: string): Schedule {
  const cron = new Cron(pattern, { timezone: timeZone, paused: true });
  const next = (after: Date) => cron.nextRun(after);
  return {
    next,
    previous(now) {
      for (const span of LOOK_BACK_MS) {
        let found = next(new Date(now.getTime() - span));
        if (!found || found.getTime() > now.getTime()) continue;
        for (;;) {
          const after = next(found);
          if (!after || after.getTime() > now.getTime()) return found;
          found = after;
        }
      }
      return null;
    },
  };
}
