import { Temporal } from 'temporal-polyfill';

/** One local calendar day in a time zone: [start, end) as UTC instants, and its `YYYY-MM-DD` key. */
export interface DayRange {
  key: string;
  start: Date;
  end: Date;
}

function localDate(instant: Date, timeZone: string): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate();
}

/** The first instant of a local day: midnight, or the first minute after it a clock change skips. */
function startOf(date: Temporal.PlainDate, timeZone: string): Date {
  return new Date(date.toZonedDateTime({ timeZone }).epochMilliseconds);
}

/** The local calendar day (`YYYY-MM-DD`) that `instant` falls on in `timeZone`. */
export function dayKey(instant: Date, timeZone: string): string {
  return localDate(instant, timeZone).toString();
}

/** The local day containing `instant` in `timeZone` (23 or 25 hours long across DST changes). */
export function dayRange(instant: Date, timeZone: string): DayRange {
  const date = localDate(instant, timeZone);
  return {
    key: date.toString(),
    start: startOf(date, timeZone),
    end: startOf(date.add({ days: 1 }), timeZone),
  };
}

/** Every local day that overlaps [from, to), in order; the first and last may be partial. */
export function daysBetween(from: Date, to: Date, timeZone: string): DayRange[] {
  const days: DayRange[] = [];
  if (to.getTime() <= from.getTime()) return days;
  let day = dayRange(from, timeZone);
  for (;;) {
    days.push(day);
    if (day.end.getTime() >= to.getTime()) return days;
    day = dayRange(day.end, timeZone);
  }
}
