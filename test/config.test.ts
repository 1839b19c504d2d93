import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig, readSandboxPort } from '../src/config.js';

const fails = (env: Record<string, string>) => {
  try {
    readConfig(env);
  } catch (err) {
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError');
};

describe('readConfig', () => {
  it('gives the contract defaults on an empty environment: local console, embedded sandbox', () => {
    const c = readConfig({});
    expect(c.mode).toBe('console');
    expect(c.port).toBe(3000);
    expect(c.slackApiUrl).toBe('https://slack.com/api/');
    expect(c.gateway).toEqual({ baseUrl: undefined, token: undefined, timeZone: 'Asia/Shanghai' });
    expect(c.databaseUrl).toBe('sqlite:./data/querydesk.db');
    expect(c.spendSummary).toEqual({
      channel: undefined,
      cron: '0 9 * * *',
      timeZone: 'Asia/Shanghai',
    });
    expect(c.dailyBudgetPoints).toBeUndefined();
    expect(c.qr).toEqual({ pollIntervalMs: 3000, watchTimeoutMs: 600000 });
    // A person reads the console's terminal: warnings and errors only, unless LOG_LEVEL says more.
    expect(c.logLevel).toBe('warn');
    // The console stays on loopback, in this process, unless told otherwise.
    expect(c.console).toEqual({ listen: 'loopback', publishedPort: undefined, standby: false });
  });

  it('reads the console settings a container needs, and names a bad one', () => {
    const c = readConfig({
      CONSOLE_LISTEN: 'all',
      CONSOLE_PUBLISHED_PORT: '8081',
      CONSOLE_STANDBY: 'true',
    });
    expect(c.console).toEqual({ listen: 'all', publishedPort: 8081, standby: true });
    expect(fails({ CONSOLE_LISTEN: '0.0.0.0' }).message).toMatch(
      /^CONSOLE_LISTEN: must be loopback or all/,
    );
    expect(fails({ CONSOLE_STANDBY: 'yes' }).message).toMatch(/^CONSOLE_STANDBY: /);
    expect(fails({ CONSOLE_PUBLISHED_PORT: 'x' }).message).toMatch(/^CONSOLE_PUBLISHED_PORT: /);
  });

  it.each([
    [{ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' }, 'http'],
    [{ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1' }, 'socket'],
    [
      {
        SLACK_CLIENT_ID: 'c',
        SLACK_CLIENT_SECRET: 's',
        SLACK_STATE_SECRET: 'st',
        SLACK_SIGNING_SECRET: 'sig',
        ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      },
      'oauth',
    ],
  ] as const)('picks the mode from the credentials given (%o → %s)', (env, mode) => {
    expect(readConfig(env).mode).toBe(mode);
  });

  it('logs at info where collectors read the log, and LOG_LEVEL always wins', () => {
    const http = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' };
    expect(readConfig(http).logLevel).toBe('info');
    expect(readConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1' }).logLevel).toBe(
      'info',
    );
    // The console's standby replica runs in a deployment, not in front of a person.
    expect(readConfig({ CONSOLE_STANDBY: 'true' }).logLevel).toBe('info');
    expect(readConfig({ LOG_LEVEL: 'info' }).logLevel).toBe('info');
    expect(readConfig({ ...http, LOG_LEVEL: 'error' }).logLevel).toBe('error');
  });

  it('SPEND_SUMMARY_TZ falls back to GATEWAY_TIMEZONE', () => {
    expect(readConfig({ GATEWAY_TIMEZONE: 'Europe/Berlin' }).spendSummary.timeZone).toBe(
      'Europe/Berlin',
    );
    expect(
      readConfig({ GATEWAY_TIMEZONE: 'Europe/Berlin', SPEND_SUMMARY_TZ: 'UTC' }).spendSummary
        .timeZone,
    ).toBe('UTC');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT', /port number/],
    [{ GATEWAY_TIMEZONE: 'Mars/Olympus' }, 'GATEWAY_TIMEZONE', /time zone/],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL', /sqlite:PATH or postgres/],
    [{ SPEND_SUMMARY_CRON: 'every day' }, 'SPEND_SUMMARY_CRON', /cron pattern/],
    [{ DAILY_BUDGET_POINTS: '-5' }, 'DAILY_BUDGET_POINTS', /whole number/],
    [{ QR_POLL_INTERVAL_MS: '0' }, 'QR_POLL_INTERVAL_MS', /greater than 0/],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL', /redis:\/\//],
    [{ ENCRYPTION_KEY: 'short' }, 'ENCRYPTION_KEY', /32 bytes/],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', /./],
    [{ SLACK_BOT_TOKEN: 'xoxb-1' }, 'SLACK_SIGNING_SECRET', /required with SLACK_BOT_TOKEN/],
    [{ SLACK_CLIENT_ID: 'c' }, 'SLACK_CLIENT_SECRET', /required with SLACK_CLIENT_ID/],
    [{ GATEWAY_BASE_URL: 'https://gw.example' }, 'GATEWAY_TOKEN', /required when GATEWAY_BASE_URL/],
    [{ GATEWAY_BASE_URL: 'ftp://gw' }, 'GATEWAY_BASE_URL', /http/],
    [
      { GATEWAY_BASE_URL: 'http://gw.example.com', GATEWAY_TOKEN: 'tok' },
      'GATEWAY_BASE_URL',
      /must be https:\/\/ \(plain http:\/\/ only on loopback/,
    ],
    [
      { GATEWAY_BASE_URL: 'http://10.0.0.5:8080/', GATEWAY_TOKEN: 'tok' },
      'GATEWAY_BASE_URL',
      /must be https:\/\//,
    ],
  ] as const)('stops on %o with one line naming %s', (env, variable, problem) => {
    const err = fails(env);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.variable).toBe(variable);
    expect(err.message.startsWith(`${variable}: `)).toBe(true);
    expect(err.message).toMatch(problem);
    expect(err.message).not.toContain('\n');
  });

  it.each([
    'https://gw.example.com',
    'http://127.0.0.1:8787',
    'http://localhost:8787/',
    'http://[::1]:8787',
  ])('takes GATEWAY_BASE_URL %s (https, or plain http on loopback)', (url) => {
    expect(readConfig({ GATEWAY_BASE_URL: url, GATEWAY_TOKEN: 'tok' }).gateway.baseUrl).toBe(url);
  });

  it('never echoes a secret it refuses', () => {
    expect(fails({ SLACK_BOT_TOKEN: 'xoxb-very-secret' }).message).not.toContain(
      'xoxb-very-secret',
    );
    expect(fails({ ENCRYPTION_KEY: 'my-secret-key' }).message).not.toContain('my-secret-key');
    expect(fails({ DATABASE_URL: 'mysql://u:pw@h/db' }).message).not.toContain('pw@');
    // A harmless value is shown, to help.
    expect(fails({ PORT: 'abc' }).message).toContain('"abc"');
  });

  it('reads the sandbox port on its own', () => {
    expect(readSandboxPort({})).toBe(8787);
    expect(() => readSandboxPort({ SANDBOX_PORT: 'x' })).toThrow(/^SANDBOX_PORT: /);
  });
});
