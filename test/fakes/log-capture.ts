import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger } from '../../src/logger.js';

/** A real pino logger (same redaction as production) whose lines the test can read. */
export function captureLogger(
  level = 'debug',
  secrets: readonly string[] = [],
): {
  logger: Logger;
  lines: () => Record<string, unknown>[];
  text: () => string;
} {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const logger = createLogger(level, stream, secrets);
  const text = () => chunks.join('');
  const lines = () =>
    text()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, lines, text };
}

/**
 * What a captured log says at warn level and above, a line each (`msg: error message`), for a
 * test's failure message: why a bot did not do what was waited for.
 */
export function loggedWarnings(lines: Record<string, unknown>[]): string {
  const said = lines
    .filter((l) => typeof l.level === 'number' && l.level >= 40)
    .map((l) => {
      const err = l.err as { message?: unknown } | undefined;
      return err?.message === undefined
        ? String(l.msg)
        : `${String(l.msg)}: ${String(err.message)}`;
    });
  return said.length > 0 ? said.join('; ') : 'no warnings';
}
