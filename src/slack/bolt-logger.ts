import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { Logger } from 'pino';

/** Bolt's logger interface over pino, so Bolt's own lines share our redaction and format. */
export function boltLogger(log: Logger): BoltLogger {
  const child = log.child({ component: 'bolt' });
  let level = LogLevel.INFO;
  const text = (args: unknown[]) =>
    args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
  return {
    debug: (...args) => child.debug(text(args)),
    info: (...args) => child.info(text(args)),
    warn: (...args) => child.warn(text(args)),
    error: (...args) => child.error(text(args)),
    setLevel: (l) => {
      level = l;
    },
    getLevel: () => level,
    setName: () => {},
  };
}
