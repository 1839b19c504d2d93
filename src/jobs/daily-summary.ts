import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { ChartRenderer } from '../ledger/chart-process.js';
import type { Ledger } from '../ledger/ledger.js';
import { STALE_CLAIM_MS } from '../ledger/summary-claims.js';
import { cronSchedule } from './schedule.js';
import { type SummaryOutcome, type SummaryWorkspace, sendSummary } from './send-summary.js';

export type { SummaryOutcome, SummaryWorkspace } from './send-summary.js';

export interface DailySummaryOptions {
  ledger: Ledger;
  clock: () => Date;
  logger: Logger;
  /** SPEND_SUMMARY_CRON; a sixth leading field means seconds. */
  cron: string;
  /** SPEND_SUMMARY_TZ: the zone the pattern and the days are read in. */
  timeZone: string;
  /** Workspaces with a summary channel, asked afresh on every run. */
  workspaces: () => Promise<SummaryWorkspace[]>;
  /** A Web API client holding the workspace's bot token. */
  slack: (workspaceId: string) => WebClient | Promise<WebClient>;
  sandbox: boolean;
  /** Waits before re-trying a post that failed for a passing reason; default 1, 5 and 15 minutes. */
  retryDelaysMs?: number[];
}

export interface DailySummaryJob {
  /**
   * Arms the schedule and sends the most recent scheduled run if nobody ever claimed it (the
   * process was down then), marked late. Resolves once that catch-up has been tried; never rejects.
   */
  start(): Promise<void>;
  /** Disarms the schedule and pending retries, waits for runs in flight, ends the chart renderer. */
  stop(): Promise<void>;
  /** One scheduled run for every workspace; what happened to each. */
  runOnce(scheduledAt: Date, opts?: { late?: boolean }): Promise<SummaryOutcome[]>;
  /** The next scheduled instant after now. */
  nextRun(): Date | null;
}

/** Timers are capped so a far-off run (or a sleeping laptop) re-checks the clock now and then. */
const MAX_TIMER_MS = 60_000;
const DEFAULT_RETRIES = [60_000, 300_000, 900_000];

/**
 * The job's own chart renderer, loaded with its first chart (an idle bot loads none: the module
 * is imported then) and ended with the job.
 */
function lazyChartRenderer(): Pick<ChartRenderer, 'render' | 'stop'> {
  let renderer: ChartRenderer | undefined;
  return {
    async render(data, labels, size) {
      renderer ??= (await import('../ledger/chart-process.js')).createChartRenderer();
      return renderer.render(data, labels, size);
    },
    stop: () => renderer?.stop(),
  };
}

export function createDailySummaryJob(o: DailySummaryOptions): DailySummaryJob {
  const schedule = cronSchedule(o.cron, o.timeZone);
  const retries = o.retryDelaysMs ?? DEFAULT_RETRIES;
  const log = o.logger.child({ job: 'daily-summary' });
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let running = false;
  let stopped = false;
  let lastFired: Date | undefined;

  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => {});
    return p;
  };
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    t.unref();
    timers.add(t);
  };

  const charts = lazyChartRenderer();
  const deps = { ...o, logger: log, charts };
  const attempt = async (
    ws: SummaryWorkspace,
    run: { scheduledAt: Date; late: boolean },
    tries: number,
  ): Promise<SummaryOutcome> => {
    const outcome = await sendSummary(deps, ws, run);
    const delay = retries[tries];
    if (outcome.status === 'failed' && !stopped && delay !== undefined) {
      log.info({ workspaceId: ws.workspaceId, inMs: delay }, 'spend summary will be retried');
      later(delay, () => void track(attempt(ws, run, tries + 1).catch(logFailure)));
    }
    return outcome;
  };
  const logFailure = (err: unknown) => {
    log.error({ err }, 'spend summary run failed');
    return [];
  };

  const runOnce = async (scheduledAt: Date, opts: { late?: boolean } = {}) => {
    const run = { scheduledAt, late: opts.late ?? false };
    const outcomes: SummaryOutcome[] = [];
    for (const ws of await o.workspaces()) {
      outcomes.push(
        await attempt(ws, run, 0).catch((err: unknown) => {
          log.error({ err, workspaceId: ws.workspaceId }, 'spend summary failed');
          return { workspaceId: ws.workspaceId, status: 'failed' as const, error: String(err) };
        }),
      );
    }
    return outcomes;
  };

  /**
   * The most recent run, sent late if nobody sent it. Only for workspaces that were already using
   * querydesk by then: a new install has no missed summary, just its first one to come.
   */
  const catchUp = async (missed: Date) => {
    const outcomes: SummaryOutcome[] = [];
    for (const ws of await o.workspaces()) {
      if (!(await o.ledger.hasEntriesBefore({ workspaceId: ws.workspaceId, before: missed })))
        continue;
      outcomes.push(await attempt(ws, { scheduledAt: missed, late: true }, 0));
    }
    return outcomes;
  };

  const arm = () => {
    if (!running) return;
    const now = o.clock();
    const from = lastFired && lastFired > now ? lastFired : now;
    const next = schedule.next(from);
    if (!next) return;
    later(Math.min(Math.max(0, next.getTime() - now.getTime()), MAX_TIMER_MS), () => {
      if (!running) return;
      // Woken early (capped timer): look again.
      if (o.clock().getTime() + 5 < next.getTime()) return arm();
      lastFired = next;
      void track(runOnce(next).catch(logFailure));
      arm();
    });
  };

  return {
    async start() {
      if (running || stopped) return;
      running = true;
      const now = o.clock();
      lastFired = now;
      arm();
      const missed = schedule.previous(now);
      if (!missed) return;
      log.debug({ scheduledAt: missed.toISOString() }, 'checking the last scheduled summary');
      await track(catchUp(missed).catch(logFailure));
      // A claim a crashed process left unsent becomes stale later: look once more after that.
      later(STALE_CLAIM_MS + 60_000, () => void track(catchUp(missed).catch(logFailure)));
    },
    async stop() {
      running = false;
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...inFlight]);
      charts.stop();
    },
    runOnce,
    nextRun: () => schedule.next(o.clock()),
  };
}
