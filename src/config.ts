import { Cron } from 'croner';
import { z } from 'zod';

/** A start-up problem: one line naming the variable and what is wrong with it. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const timeZone = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a known IANA time zone (e.g. Asia/Shanghai)' },
);

const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, { message: `must be a whole number (${name})` })
    .transform(Number)
    .refine((n) => n > 0 && Number.isSafeInteger(n), { message: 'must be greater than 0' });

const port = z
  .string()
  .regex(/^\d+$/, { message: 'must be a port number' })
  .transform(Number)
  .refine((n) => n >= 0 && n <= 65535, { message: 'must be between 0 and 65535' });

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

/** Loopback hosts, where plain HTTP never leaves the machine (the embedded sandbox, tests). */
function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

// The gateway token travels in every request's Authorization header: over plain HTTP only on
// loopback.
const gatewayUrl = httpUrl.refine(
  (v) => {
    const u = new URL(v);
    return u.protocol === 'https:' || isLoopback(u.hostname);
  },
  { message: 'must be https:// (plain http:// only on loopback: 127.0.0.1, ::1, localhost)' },
);

const databaseUrl = z
  .string()
  .refine((v) => /^sqlite:.+/.test(v) || /^postgres(ql)?:\/\/.+/.test(v), {
    message: 'must be sqlite:PATH or postgres://…',
  });

const encryptionKey = z.string().refine((v) => Buffer.from(v, 'base64').length === 32, {
  message: 'must be 32 bytes encoded as base64 (e.g. `openssl rand -base64 32`)',
});

const cronPattern = z.string().refine(
  (p) => {
    try {
      new Cron(p, { paused: true });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a valid cron pattern (5 fields, or 6 with leading seconds)' },
);

/** Every variable the process reads; exported so a test holds the environment reference to it. */
export const envSchema = z.object({
  PORT: port.default(3000),
  METRICS_PORT: optionalText.pipe(port.optional()),
  SLACK_API_URL: httpUrl.default('https://slack.com/api/'),
  SLACK_SIGNING_SECRET: optionalText,
  SLACK_BOT_TOKEN: optionalText,
  SLACK_APP_TOKEN: optionalText,
  SLACK_CLIENT_ID: optionalText,
  SLACK_CLIENT_SECRET: optionalText,
  SLACK_STATE_SECRET: optionalText,
  GATEWAY_BASE_URL: optionalText.pipe(gatewayUrl.optional()),
  GATEWAY_TOKEN: optionalText,
  GATEWAY_TIMEZONE: timeZone.default('Asia/Shanghai'),
  DATABASE_URL: databaseUrl.default('sqlite:./data/querydesk.db'),
  JOURNAL_DIR: optionalText,
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/.+/, { message: 'must be redis://… or rediss://…' })
      .optional(),
  ),
  REPLICAS: positiveInt('replicas').default(1),
  DATABASE_POOL_SIZE: positiveInt('connections').default(20),
  DATABASE_BACKGROUND_POOL_SIZE: positiveInt('connections').default(10),
  ENCRYPTION_KEY: optionalText.pipe(encryptionKey.optional()),
  ENCRYPTION_KEY_PREVIOUS: optionalText.pipe(encryptionKey.optional()),
  AUDIT_RETENTION_DAYS: positiveInt('days').default(90),
  SPEND_SUMMARY_CHANNEL: optionalText,
  SPEND_SUMMARY_CRON: cronPattern.default('0 9 * * *'),
  SPEND_SUMMARY_TZ: optionalText.pipe(timeZone.optional()),
  DAILY_BUDGET_POINTS: optionalText.pipe(positiveInt('points').optional()),
  // Off unless set. At least 35 days, so every /spend, Home tab and summary period is still
  // answered from whole kept days plus the entries of the days it cuts.
  LEDGER_RETENTION_DAYS: optionalText.pipe(
    positiveInt('days')
      .refine((n) => n >= 35, { message: 'must be at least 35 (days)' })
      .optional(),
  ),
  QR_POLL_INTERVAL_MS: positiveInt('milliseconds').default(3000),
  QR_WATCH_TIMEOUT_MS: positiveInt('milliseconds').default(600000),
  ORDER_WATCH_INTERVAL_MS: positiveInt('milliseconds').default(60000),
  ORDER_WATCH_TIMEOUT_MS: positiveInt('milliseconds').default(86400000),
  ORDER_CALLBACK_ALERT_MS: positiveInt('milliseconds').default(300000),
  EXPORT_MAX_ROWS: positiveInt('rows').default(10000),
  SUBSCRIPTION_MIN_INTERVAL_MS: positiveInt('milliseconds').default(60000),
  APPROVAL_TIMEOUT_MS: positiveInt('milliseconds').default(86400000),
  // How long an export's Start click may take to post its progress message before a runner takes
  // it over; above the slowest post (three Slack attempts of at most 10 s) in production.
  EXPORT_START_GRACE_MS: positiveInt('milliseconds').default(45000),
  // Unset: `warn` in the interactive console (a person reads the terminal), `info` elsewhere.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SANDBOX_PORT: port.default(8787),
  // Console mode only; the defaults keep the console on this machine's loopback, in one process.
  CONSOLE_LISTEN: z
    .enum(['loopback', 'all'], { error: 'must be loopback or all' })
    .default('loopback'),
  CONSOLE_PUBLISHED_PORT: optionalText.pipe(port.optional()),
  CONSOLE_STANDBY: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
});

export type SlackMode = 'console' | 'http' | 'socket' | 'oauth';

export interface Config {
  port: number;
  /** Where /metrics is served when not on `port` (METRICS_PORT set to another port). */
  metricsPort?: number;
  slackApiUrl: string;
  mode: SlackMode;
  slack: {
    signingSecret?: string;
    botToken?: string;
    appToken?: string;
    clientId?: string;
    clientSecret?: string;
    stateSecret?: string;
  };
  gateway: {
    /** Undefined: the embedded sandbox serves every call. */
    baseUrl?: string;
    token?: string;
    timeZone: string;
  };
  databaseUrl: string;
  /**
   * PostgreSQL connections per replica: people's requests' pool and the background loops' own
   * (replicas × (requests + background) must fit the server's max_connections).
   */
  databasePool: { requests: number; background: number };
  /** Where charges wait while the store cannot take them; checked writable at start-up. */
  journalDir: string;
  redisUrl?: string;
  /** Replicas sharing the gateway token: each keeps to 10/replicas while Redis is unreachable. */
  replicas: number;
  encryptionKey?: Buffer;
  /** The key being rotated out: still read, never written. */
  encryptionKeyPrevious?: Buffer;
  /** ENCRYPTION_KEY and ENCRYPTION_KEY_PREVIOUS as written, for the log scrubber. */
  keysAsWritten: string[];
  /** How long audit rows are kept. */
  auditRetentionDays: number;
  spendSummary: { channel?: string; cron: string; timeZone: string };
  dailyBudgetPoints?: number;
  /** Raw ledger entries older than this many local days are deleted (aggregates kept); unset: never. */
  ledgerRetentionDays?: number;
  qr: { pollIntervalMs: number; watchTimeoutMs: number };
  orderWatch: { intervalMs: number; timeoutMs: number; callbackAlertMs: number };
  export: { maxRows: number; startGraceMs: number };
  /** The shortest interval a channel subscription may poll at. */
  subscription: { minIntervalMs: number };
  /** An approval request not decided within this expires. */
  approval: { timeoutMs: number };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  sandboxPort: number;
  /** Console mode only (docs/operations/deploy.md, "The local console from compose.yaml"). */
  console: {
    /** `all` only in a container whose port is published on the host's loopback. */
    listen: 'loopback' | 'all';
    /** The host port a container publishes the console on, when it is not `port`. */
    publishedPort?: number;
    /** Serve nothing but /healthz: the console (and its Slack double) runs in another process. */
    standby: boolean;
  };
}

type Env = Record<string, string | undefined>;

const SECRET_VARIABLES = new Set([
  'SLACK_SIGNING_SECRET',
  'SLACK_BOT_TOKEN',
  'SLACK_APP_TOKEN',
  'SLACK_CLIENT_SECRET',
  'SLACK_STATE_SECRET',
  'GATEWAY_TOKEN',
  'ENCRYPTION_KEY',
  'ENCRYPTION_KEY_PREVIOUS',
  'DATABASE_URL',
  'REDIS_URL',
]);

function pickMode(e: z.infer<typeof envSchema>): SlackMode {
  if (e.SLACK_CLIENT_ID) {
    for (const v of [
      'SLACK_CLIENT_SECRET',
      'SLACK_STATE_SECRET',
      'SLACK_SIGNING_SECRET',
    ] as const) {
      if (!e[v]) throw new ConfigError(v, 'required with SLACK_CLIENT_ID (many-workspace mode)');
    }
    if (!e.ENCRYPTION_KEY) {
      throw new ConfigError('ENCRYPTION_KEY', 'required in many-workspace mode (SLACK_CLIENT_ID)');
    }
    return 'oauth';
  }
  if (!e.SLACK_BOT_TOKEN) return 'console';
  if (e.SLACK_APP_TOKEN) return 'socket';
  if (e.SLACK_SIGNING_SECRET) return 'http';
  throw new ConfigError(
    'SLACK_SIGNING_SECRET',
    'required with SLACK_BOT_TOKEN for HTTP mode (or set SLACK_APP_TOKEN for Socket Mode)',
  );
}

/** The environment's first problem, naming its variable. */
function firstProblem(error: z.ZodError, env: Env): ConfigError {
  const issue = error.issues[0]!;
  const variable = String(issue.path[0] ?? 'environment');
  // Secrets and URLs that may carry passwords are never echoed back.
  const shown = SECRET_VARIABLES.has(variable)
    ? ''
    : ` (got ${JSON.stringify(env[variable] ?? '')})`;
  return new ConfigError(variable, `${issue.message}${shown}`);
}

/**
 * Someone who runs `npm start` without Slack reads the terminal: the console's URL, then only what
 * needs their attention. Deployed modes (the console's standby replica too) log `info` for
 * collectors.
 */
function defaultLogLevel(mode: SlackMode, standby: boolean): Config['logLevel'] {
  return mode === 'console' && !standby ? 'warn' : 'info';
}

/** Reads the whole environment once; the only reader of process.env is main.ts passing it here. */
export function readConfig(env: Env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw firstProblem(parsed.error, env);
  const e = parsed.data;
  const mode = pickMode(e);
  if (e.GATEWAY_BASE_URL && !e.GATEWAY_TOKEN && mode !== 'oauth') {
    throw new ConfigError(
      'GATEWAY_TOKEN',
      'required when GATEWAY_BASE_URL points at a real gateway',
    );
  }
  if (e.ENCRYPTION_KEY_PREVIOUS && !e.ENCRYPTION_KEY) {
    throw new ConfigError('ENCRYPTION_KEY', 'required with ENCRYPTION_KEY_PREVIOUS (the new key)');
  }
  return {
    port: e.PORT,
    // The same port as PORT (the default) means no second server.
    metricsPort:
      e.METRICS_PORT === undefined || (e.METRICS_PORT === e.PORT && e.PORT !== 0)
        ? undefined
        : e.METRICS_PORT,
    slackApiUrl: e.SLACK_API_URL.endsWith('/') ? e.SLACK_API_URL : `${e.SLACK_API_URL}/`,
    mode,
    slack: {
      signingSecret: e.SLACK_SIGNING_SECRET,
      botToken: e.SLACK_BOT_TOKEN,
      appToken: e.SLACK_APP_TOKEN,
      clientId: e.SLACK_CLIENT_ID,
      clientSecret: e.SLACK_CLIENT_SECRET,
      stateSecret: e.SLACK_STATE_SECRET,
    },
    gateway: { baseUrl: e.GATEWAY_BASE_URL, token: e.GATEWAY_TOKEN, timeZone: e.GATEWAY_TIMEZONE },
    databaseUrl: e.DATABASE_URL,
    databasePool: { requests: e.DATABASE_POOL_SIZE, background: e.DATABASE_BACKGROUND_POOL_SIZE },
    journalDir: e.JOURNAL_DIR ?? './data/journal',
    redisUrl: e.REDIS_URL,
    replicas: e.REPLICAS,
    encryptionKey: e.ENCRYPTION_KEY ? Buffer.from(e.ENCRYPTION_KEY, 'base64') : undefined,
    encryptionKeyPrevious: e.ENCRYPTION_KEY_PREVIOUS
      ? Buffer.from(e.ENCRYPTION_KEY_PREVIOUS, 'base64')
      : undefined,
    keysAsWritten: [e.ENCRYPTION_KEY, e.ENCRYPTION_KEY_PREVIOUS].filter((k): k is string => !!k),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    spendSummary: {
      channel: e.SPEND_SUMMARY_CHANNEL,
      cron: e.SPEND_SUMMARY_CRON,
      timeZone: e.SPEND_SUMMARY_TZ ?? e.GATEWAY_TIMEZONE,
    },
    dailyBudgetPoints: e.DAILY_BUDGET_POINTS,
    ledgerRetentionDays: e.LEDGER_RETENTION_DAYS,
    qr: { pollIntervalMs: e.QR_POLL_INTERVAL_MS, watchTimeoutMs: e.QR_WATCH_TIMEOUT_MS },
    orderWatch: {
      intervalMs: e.ORDER_WATCH_INTERVAL_MS,
      timeoutMs: e.ORDER_WATCH_TIMEOUT_MS,
      callbackAlertMs: e.ORDER_CALLBACK_ALERT_MS,
    },
    export: { maxRows: e.EXPORT_MAX_ROWS, startGraceMs: e.EXPORT_START_GRACE_MS },
    subscription: { minIntervalMs: e.SUBSCRIPTION_MIN_INTERVAL_MS },
    approval: { timeoutMs: e.APPROVAL_TIMEOUT_MS },
    logLevel: e.LOG_LEVEL ?? defaultLogLevel(mode, e.CONSOLE_STANDBY === 'true'),
    sandboxPort: e.SANDBOX_PORT,
    console: {
      listen: e.CONSOLE_LISTEN,
      publishedPort:
        e.CONSOLE_PUBLISHED_PORT === undefined || e.CONSOLE_PUBLISHED_PORT === e.PORT
          ? undefined
          : e.CONSOLE_PUBLISHED_PORT,
      standby: e.CONSOLE_STANDBY === 'true',
    },
  };
}

/** `npm run ledger:verify` reads only the database and the zone, through the same rules. */
export function readLedgerConfig(env: Env): { databaseUrl: string; timeZone: string } {
  const parsed = envSchema
    .pick({ DATABASE_URL: true, GATEWAY_TIMEZONE: true, SPEND_SUMMARY_TZ: true })
    .safeParse(env);
  if (!parsed.success) throw firstProblem(parsed.error, env);
  const e = parsed.data;
  return { databaseUrl: e.DATABASE_URL, timeZone: e.SPEND_SUMMARY_TZ ?? e.GATEWAY_TIMEZONE };
}

/** `npm run sandbox` reads only its port, through the same rule as the main schema. */
export function readSandboxPort(env: Env): number {
  const parsed = z.object({ SANDBOX_PORT: port.default(8787) }).safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      'SANDBOX_PORT',
      `${parsed.error.issues[0]?.message ?? 'invalid'} (got ${JSON.stringify(env.SANDBOX_PORT ?? '')})`,
    );
  }
  return parsed.data.SANDBOX_PORT;
}
