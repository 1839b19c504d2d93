import { type DestinationStream, type Logger, pino } from 'pino';
import type { Config } from './config.js';

/** Keeps the last four digits of a phone number; everything else is masked. */
export function maskPhone(value: unknown): string {
  const digits = String(value ?? '').replace(/\D/g, '');
  return digits.length <= 4 ? '****' : `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

const PHONE_FIELD = /("[a-z_]*phone[a-z_]*"\s*:\s*"?)(\+?[\d\s-]{5,})/gi;
const MOBILE = /(?<!\d)(\+?86)?1[3-9]\d{9}(?!\d)/g;

/**
 * Raw text bound for a log (a gateway body we could not read): phone fields and anything shaped
 * like a mobile number keep only their last four digits.
 */
export function maskPhonesInText(text: string): string {
  return text
    .replace(PHONE_FIELD, (_m, head: string, value: string) => `${head}${maskPhone(value)}`)
    .replace(MOBILE, (m) => maskPhone(m));
}

const SECRET_PATHS = [
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'botToken',
  '*.botToken',
  'signingSecret',
  '*.signingSecret',
  'clientSecret',
  '*.clientSecret',
  'appToken',
  '*.appToken',
  // A workflow step execution's token (function_executed events, Bolt's context).
  'bot_access_token',
  '*.bot_access_token',
  'functionBotAccessToken',
  '*.functionBotAccessToken',
];
const PHONE_PATHS = ['phone', '*.phone', '*.*.phone', 'receiverPhone', '*.receiverPhone'];

/**
 * Fields of an error worth a log line. Everything else is dropped: Web API errors carry the
 * request's headers (the bot token) in `original`, `config` or `headers`, and HTTP errors carry
 * whole requests and responses.
 */
const ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'kind',
  'retryable',
  'operation',
  'requestId',
  'httpStatus',
  'statusCode',
  'meaning',
  'gatewayMessage',
  'reason',
  'bodyExcerpt',
  'retryAfterSec',
  'retryAfter',
] as const;

/** Shapes of Slack tokens (workflow step tokens `xwfp-` too) and bearer credentials, removed
 * from any text bound for a log. */
const TOKEN_SHAPES = /\b(xox[abeoprs]|xapp|xwfp)-[A-Za-z0-9-]+|\bBearer\s+[^\s"',;]+/g;

function scrubText(text: string): string {
  return text.replace(TOKEN_SHAPES, '[redacted]');
}

/** pino's `err` serializer: message, stack and a few plain fields; causes two deep at most. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (typeof err !== 'object' || err === null) {
    return typeof err === 'string' ? scrubText(err) : err;
  }
  const e = err as Record<string, unknown> & { message?: unknown; stack?: unknown };
  const out: Record<string, unknown> = {
    type: (err as { constructor?: { name?: string } }).constructor?.name ?? 'Object',
    message: scrubText(String(e.message ?? '')),
  };
  if (typeof e.stack === 'string') out.stack = scrubText(e.stack);
  for (const field of ERROR_FIELDS) {
    const v = e[field];
    if (typeof v === 'string') out[field] = scrubText(v).slice(0, 2000);
    else if (typeof v === 'number' || typeof v === 'boolean') out[field] = v;
  }
  // A Slack platform error names its code in data.error; the rest of data is not kept.
  const slackError = (e.data as { error?: unknown } | undefined)?.error;
  if (typeof slackError === 'string') out.slackError = slackError;
  if (e.cause !== undefined && depth < 2) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** The values one logger scrubs: the configured ones, and those learnt while running. */
interface SecretValues {
  add(value: string): void;
  scrub(line: string): string;
}

function secretValues(initial: readonly string[]): SecretValues {
  const known = new Set<string>();
  let sorted: string[] = [];
  const add = (v: string) => {
    if (v.length < 6 || known.has(v)) return;
    known.add(v);
    // Longest first, so a secret that contains another is cut whole.
    sorted = [...known].sort((a, b) => b.length - a.length);
  };
  for (const v of initial) add(v);
  return {
    add,
    scrub(line) {
      let out = scrubText(line);
      for (const v of sorted) if (out.includes(v)) out = out.split(v).join('[redacted]');
      // The same values as JSON would escape them (a secret with a quote or backslash).
      for (const v of sorted) {
        const escaped = JSON.stringify(v).slice(1, -1);
        if (escaped !== v && out.includes(escaped)) out = out.split(escaped).join('[redacted]');
      }
      return out;
    },
  };
}

/** Where a logger keeps its SecretValues; pino's children inherit it through their prototype. */
const SECRETS = Symbol('querydesk.logSecrets');

/**
 * From now on every line of `logger` (and of its children) has `value` cut out: for secrets known
 * only once decrypted, such as a workspace's gateway token.
 */
export function scrubAlso(logger: Logger, value: string): void {
  (logger as Logger & { [SECRETS]?: SecretValues })[SECRETS]?.add(value);
}

/**
 * The process logger: tokens and secrets removed, phone numbers masked. Errors go through
 * serializeError; every finished line is also scrubbed of token shapes, of the `secrets`
 * given (the configured tokens, signing secret and keys) and of those given to scrubAlso later,
 * whatever object carried them.
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  secrets: readonly string[] = [],
): Logger {
  const values = secretValues(secrets);
  const logger = pino(
    {
      level,
      base: { app: 'querydesk' },
      serializers: { err: serializeError, error: serializeError },
      hooks: { streamWrite: (line) => values.scrub(line) },
      redact: {
        paths: [...SECRET_PATHS, ...PHONE_PATHS],
        censor: (value, path) =>
          PHONE_PATHS.some((p) => p.split('.').at(-1) === path.at(-1))
            ? maskPhone(value)
            : '[redacted]',
      },
    },
    destination,
  );
  return Object.assign(logger, { [SECRETS]: values });
}

/** A 32-byte key in every text form it may be written or printed in. */
function keyForms(key: Buffer | undefined): string[] {
  if (!key) return [];
  const b64 = key.toString('base64');
  return [b64, b64.replace(/=+$/, ''), key.toString('base64url'), key.toString('hex')];
}

/** Every configured secret, for createLogger to scrub: tokens, secrets, keys, URL passwords. */
export function secretsOf(config: Config): string[] {
  const passwordOf = (url?: string) => {
    try {
      return url ? decodeURIComponent(new URL(url).password) : '';
    } catch {
      return '';
    }
  };
  return [
    config.slack.botToken,
    config.slack.signingSecret,
    config.slack.appToken,
    config.slack.clientSecret,
    config.slack.stateSecret,
    config.gateway.token,
    ...keyForms(config.encryptionKey),
    ...keyForms(config.encryptionKeyPrevious),
    // As written in the environment: base64 is accepted with or without padding, url-safe or not.
    ...config.keysAsWritten,
    passwordOf(config.databaseUrl),
    passwordOf(config.redisUrl),
  ].filter((s): s is string => !!s);
}
