import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/config.js';

const ROOT = join(import.meta.dirname, '..', '..');
const reference = readFileSync(join(ROOT, 'docs', 'operations', 'environment.md'), 'utf8');

/** The variables of the outside contract's "Environment" table, copied here as it lists them. */
const CONTRACT_VARIABLES = [
  'PORT',
  'SLACK_API_URL',
  'SLACK_SIGNING_SECRET',
  'SLACK_BOT_TOKEN',
  'SLACK_APP_TOKEN',
  'SLACK_CLIENT_ID',
  'SLACK_CLIENT_SECRET',
  'SLACK_STATE_SECRET',
  'GATEWAY_BASE_URL',
  'GATEWAY_TOKEN',
  'GATEWAY_TIMEZONE',
  'DATABASE_URL',
  'REDIS_URL',
  'ENCRYPTION_KEY',
  'SPEND_SUMMARY_CHANNEL',
  'SPEND_SUMMARY_CRON',
  'SPEND_SUMMARY_TZ',
  'DAILY_BUDGET_POINTS',
  'QR_POLL_INTERVAL_MS',
  'QR_WATCH_TIMEOUT_MS',
  'LOG_LEVEL',
  'ENCRYPTION_KEY_PREVIOUS',
  'ORDER_WATCH_INTERVAL_MS',
  'ORDER_WATCH_TIMEOUT_MS',
  'ORDER_CALLBACK_ALERT_MS',
  'EXPORT_MAX_ROWS',
  'METRICS_PORT',
  'SUBSCRIPTION_MIN_INTERVAL_MS',
  'JOURNAL_DIR',
];

/** The variables named in the reference's tables: a row starts with the variable in backticks. */
function documented(): Set<string> {
  const names = new Set<string>();
  for (const line of reference.split('\n')) {
    const cell = /^\| ([^|]+) \|/.exec(line)?.[1] ?? '';
    for (const m of cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]!);
  }
  return names;
}

describe('docs/operations/environment.md', () => {
  it('has a row for every variable of the outside contract', () => {
    const rows = documented();
    expect(CONTRACT_VARIABLES.filter((v) => !rows.has(v))).toEqual([]);
  });

  it('has a row for every variable the configuration reads', () => {
    const rows = documented();
    expect(Object.keys(envSchema.shape).filter((v) => !rows.has(v))).toEqual([]);
  });
});
