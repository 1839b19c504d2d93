import { type Logger, pino } from 'pino';

/** Benchmarks measure the code, not log writing. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
