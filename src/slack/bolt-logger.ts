import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { Logger } from 'pino';

/** Slack tokens, and token-like fields in the Web API answers Bolt logs at debug (oauth.v2.access). */
const SLACK_TOKEN = /xox[a-z]-[A-Za-z0-9-]+/g;
const SECRET_FIELD =
  /("(?:access_token|refresh_token|token|bot_token|client_secret)"\s*:\s*")[^"]*/g;

/** Bolt's own text with every token cut out: it never reaches a log line. */
export function scrubSecrets(text: string): string {
  return text.replace(SECRET_FIELD, '$1[REDACTED]').replace(SLACK_TOKEN, '[REDACTED]');
}

/** Bolt's logger interface over pino, so Bolt's own lines share our redaction and format. */
export function boltLogger(log: Logger): BoltLogger {
  const child = log.child({ component: 'bolt' });
  let level = LogLevel.INFO;
  const text = (args: unknown[]) =>
    scrubSecrets(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
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
