import { wallClockToInstant } from '../../gateway/time.js';
import { ArgsError } from '../blocks/args-error.js';

export interface DayRange {
  /** Start of the day in the zone, as a UTC instant. */
  start: Date;
  /** Start of the next day in the zone (exclusive end). */
  end: Date;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** `YYYY-MM-DD` read as a calendar day in `timeZone`; throws ArgsError for anything else. */
export function parseDay(text: string, timeZone: string): DayRange {
  const trimmed = text.trim();
  const m = DAY.exec(trimmed);
  if (!m) throw new ArgsError({ key: 'help.refusal.notDate', values: { typed: text } });
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) {
    const values = { typed: trimmed, month: String(month) };
    throw new ArgsError({ key: 'help.refusal.noMonth', values });
  }
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) {
    const values = {
      typed: trimmed,
      month: String(month),
      year: String(year),
      days: String(daysInMonth),
    };
    throw new ArgsError({ key: 'help.refusal.monthDays', values });
  }
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  const start = wallClockToInstant(`${trimmed} 00:00:00`, timeZone);
  const end = wallClockToInstant(`${next.toISOString().slice(0, 10)} 00:00:00`, timeZone);
  if (!start || !end) {
    throw new ArgsError({
      key: 'help.refusal.timeZone',
      values: { typed: trimmed, zone: timeZone },
    });
  }
  return { start, end };
}
