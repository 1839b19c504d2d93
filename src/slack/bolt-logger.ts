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

/**
 * Lines of the Socket Mode client (and Bolt) that end in a whole payload or frame: the text after
 * the static part is dropped, whatever the level, since a payload carries what people typed,
 * response URLs and trigger ids. Only the static part and the payload's length are written.
 */
const RAW_PAYLOAD = [
  /^(Received a message on the WebSocket): /s,
  /^(Sending a WebSocket message): /s,
  /^(Unable to parse an incoming WebSocket message) /s,
  /^(Calling ack\(\) - type: [\w-]+), /s,
  /^(apps\.connections\.open did not return a URL!) /s,
  /^(WebSocket received p[io]ng from Slack server) /s,
  /^(Sent ping to Slack): /s,
];

/** The static head of a line that would carry a raw payload; other lines unchanged. */
export function withoutPayload(text: string): string {
  for (const shape of RAW_PAYLOAD) {
    const m = shape.exec(text);
    if (m) return `${m[1]} (payload not logged, ${text.length - m[0].length} characters)`;
  }
  return text;
}

/** Bolt's logger interface over pino, so Bolt's own lines share our redaction and format. */
export function boltLogger(log: Logger): BoltLogger {
  const child = log.child({ component: 'bolt' });
  let level = LogLevel.INFO;
  const text = (args: unknown[]) =>
    scrubSecrets(
      withoutPayload(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')),
    );
  // Bolt logs several debug lines per request, some with whole payloads: build the text only for
  // a level that is written (under a burst, stringifying them for nothing cost every ack).
  const at = (l: 'debug' | 'info' | 'warn' | 'error') => (args: unknown[]) => {
    if (child.isLevelEnabled(l)) child[l](text(args));
  };
  return {
    debug: (...args) => at('debug')(args),
    info: (...args) => at('info')(args),
    warn: (...args) => at('warn')(args),
    error: (...args) => at('error')(args),
    setLevel: (l) => {
      level = l;
    },
    getLevel: () => level,
    setName: () => {},
  };
}
