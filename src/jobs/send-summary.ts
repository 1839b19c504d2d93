import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { Locale } from '../i18n/locales.js';
import { translator } from '../i18n/translator.js';
import type { SpendChart } from '../ledger/chart.js';
import type { ChartRenderer } from '../ledger/chart-process.js';
import type { Ledger } from '../ledger/ledger.js';
import { summaryMessage } from '../slack/blocks/summary-message.js';
import { isUnreachableChannel, slackErrorCode } from '../slack/delivery/slack-errors.js';
import { summaryContent } from './summary-content.js';

type SummaryContent = Awaited<ReturnType<typeof summaryContent>>;

export interface SummaryWorkspace {
  workspaceId: string;
  /** Where the summary goes (SPEND_SUMMARY_CHANNEL in one-workspace mode). */
  channelId: string;
  budget?: number;
  /** The workspace's language, which the summary and its chart speak (posted into a channel). */
  locale: Locale;
}

export type SummaryStatus = 'sent' | 'already-claimed' | 'unreachable' | 'failed';

export interface SummaryOutcome {
  workspaceId: string;
  status: SummaryStatus;
  /** Slack error code or message, for failed and unreachable. */
  error?: string;
  /** Whether the chart PNG reached the channel too. */
  chart?: boolean;
}

export interface SendSummaryDeps {
  ledger: Ledger;
  logger: Logger;
  clock: () => Date;
  timeZone: string;
  sandbox: boolean;
  slack: (workspaceId: string) => WebClient | Promise<WebClient>;
  /** Draws the chart in a process of its own (the summary job's). */
  charts: Pick<ChartRenderer, 'render'>;
}

/**
 * One workspace's summary for one scheduled run. The period is claimed first, so across replicas
 * and restarts one sender wins; a failed post gives the claim back so a later attempt can send it.
 */
export async function sendSummary(
  deps: SendSummaryDeps,
  ws: SummaryWorkspace,
  run: { scheduledAt: Date; late: boolean },
): Promise<SummaryOutcome> {
  const { ledger, logger } = deps;
  const key = { workspaceId: ws.workspaceId, periodKey: run.scheduledAt.toISOString() };
  const log = logger.child({ ...key, channelId: ws.channelId, late: run.late });
  if (!(await ledger.claimSummary({ ...key, late: run.late }))) {
    log.debug('spend summary already claimed');
    return { workspaceId: ws.workspaceId, status: 'already-claimed' };
  }
  let client: WebClient;
  let content: SummaryContent;
  const t = translator(ws.locale);
  try {
    content = await summaryContent(ledger, {
      ...run,
      workspaceId: ws.workspaceId,
      now: deps.clock(),
      timeZone: deps.timeZone,
      budget: ws.budget,
      sandbox: deps.sandbox,
      t,
    });
    client = await deps.slack(ws.workspaceId);
    const message = summaryMessage(content.data, t);
    await client.chat.postMessage({ channel: ws.channelId, ...message, unfurl_links: false });
  } catch (err) {
    await ledger.releaseSummary(key).catch((releaseErr: unknown) => {
      log.error({ err: releaseErr }, 'spend summary claim could not be released');
    });
    const code = slackErrorCode(err);
    if (isUnreachableChannel(code)) {
      log.warn(
        {
          error: code,
          fix: `invite the bot to the channel: /invite @querydesk in <#${ws.channelId}>`,
        },
        'spend summary channel not reachable; invite the bot to it or fix the channel setting',
      );
      return { workspaceId: ws.workspaceId, status: 'unreachable', error: code };
    }
    log.error({ err, error: code }, 'spend summary could not be posted');
    return {
      workspaceId: ws.workspaceId,
      status: 'failed',
      error: code ?? (err instanceof Error ? err.message : String(err)),
    };
  }
  await ledger.markSummarySent(key);
  const chart = await drawChart(deps.charts, content, log);
  const title = content.labels.title;
  const uploaded = chart ? await uploadChart(client, ws.channelId, chart, title, log) : false;
  log.info({ chart: uploaded }, 'spend summary posted');
  return { workspaceId: ws.workspaceId, status: 'sent', chart: uploaded };
}

/**
 * The chart, drawn once the numbers are posted, in a process of its own: the chart stack (Vega,
 * resvg, every system font) never stays in this one. Undefined when it cannot be drawn.
 */
async function drawChart(
  charts: SendSummaryDeps['charts'],
  content: SummaryContent,
  log: Logger,
): Promise<SpendChart | undefined> {
  try {
    return await charts.render(content.chart, content.labels);
  } catch (err) {
    log.warn({ err }, 'spend chart could not be drawn; the summary went without it');
    return undefined;
  }
}

/** The chart follows the message; the numbers are already posted, so a failure here only logs. */
async function uploadChart(
  client: WebClient,
  channelId: string,
  chart: SpendChart,
  title: string,
  log: Logger,
): Promise<boolean> {
  try {
    await client.files.uploadV2({
      channel_id: channelId,
      file: chart.png,
      filename: 'spend-7d.png',
      title,
      alt_text: title,
    });
    return true;
  } catch (err) {
    log.warn({ err, error: slackErrorCode(err) }, 'spend chart upload failed');
    return false;
  }
}
