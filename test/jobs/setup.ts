import { LogLevel, WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import { createDailySummaryJob, type DailySummaryOptions } from '../../src/jobs/daily-summary.js';
import type { Ledger } from '../../src/ledger/ledger.js';
import type { SlackDouble } from '../../src/slack-double/index.js';
import type { Store } from '../../src/store/open-store.js';

export const ZONE = 'Asia/Shanghai';
export const CHANNEL = 'C0SUMMARY1';

/** A Web API client on the double that never retries, as each replica would hold. */
export function clientFor(double: SlackDouble): WebClient {
  return new WebClient(double.botToken, {
    slackApiUrl: double.apiUrl,
    retryConfig: { retries: 0 },
    logLevel: LogLevel.ERROR,
  });
}

/** One replica's summary job for workspace T1 posting to CHANNEL. */
export function summaryJob(
  o: {
    ledger: Ledger;
    clock: () => Date;
    logger: Logger;
    double: SlackDouble;
  } & Partial<DailySummaryOptions>,
) {
  const { double, ...rest } = o;
  const client = clientFor(double);
  return createDailySummaryJob({
    cron: '0 9 * * *',
    timeZone: ZONE,
    workspaces: async () => [
      { workspaceId: 'T1', channelId: CHANNEL, budget: 500, locale: 'en' as const },
    ],
    slack: () => client,
    sandbox: false,
    ...rest,
  });
}

export async function summaryRuns(store: Store) {
  const rows = await store.db
    .selectFrom('summary_runs')
    .selectAll()
    .orderBy('period_key')
    .execute();
  return rows.map((r) => ({
    periodKey: r.period_key,
    late: Number(r.late) === 1,
    sent: r.sent_at !== null,
  }));
}
