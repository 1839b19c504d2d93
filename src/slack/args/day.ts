import { wallClockToInstant } from '../../gateway/time.js';
import { ArgsError } from '../blocks/args-error.js';

export interface DayRange {
  /** Start of the day in the zone, as a UTC instant. */
  start: Date;
  /** Start of the next day in the zone (exclusive end). */
  end: Date;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `YYYY-MM-DD` read as a calendar day in `timeZone`; throws ArgsError for anything else. */
export function parseDay(text: string, timeZone: string): DayRange {
  const trimmed = text.trim();
  const m = DAY.exec(trimmed);
  if (!m) throw new ArgsError(`"${text}" is not a date: write it as YYYY-MM-DD, like 2024-03-09`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) {
    throw new ArgsError(`"${trimmed}" is not a real date: there is no month ${month}`);
  }
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) {
    throw new ArgsError(
      `"${trimmed}" is not a real date: ${MONTHS[month - 1]} ${year} has ${daysInMonth} days`,
    );
  }
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  const start = wallClockToInstant(`${trimmed} 00:00:00`, timeZone);
  const end = wallClockToInstant(`${next.toISOString().slice(0, 10)} 00:00:00`, timeZone);
  if (!start || !end) throw new ArgsError(`"${trimmed}" cannot be read in time zone ${timeZone}`);
  return { start, end };
}
