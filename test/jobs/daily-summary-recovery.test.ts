import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DailySummaryJob } from '../../src/jobs/daily-summary.js';
import type { Store } from '../../src/store/open-store.js';
import { DIALECTS, freshStore, type TestDatabase } from '../fakes/databases.js';
import { charge, ledgerOn, manualClock } from '../fakes/ledger.js';
import { captureLogger } from '../fakes/log-capture.js';
import { type SlackDouble, startSlackDouble } from '../fakes/slack-double.js';
import { CHANNEL, summaryJob, summaryRuns } from './setup.js';

const NINE = '2026-11-21T01:00:00.000Z'; // 09:00 in Shanghai, the run of '0 9 * * *'

describe.each(DIALECTS)('daily summary recovery on %s', (dialect) => {
  let database: TestDatabase | undefined;
  let double: SlackDouble | undefined;
  const jobs: DailySummaryJob[] = [];
  afterEach(async () => {
    await Promise.all(jobs.splice(0).map((j) => j.stop()));
    await double?.close();
    await database?.dispose();
    double = undefined;
    database = undefined;
  });

  async function setUp(nowIso: string) {
    const fresh = await freshStore(dialect);
    database = fresh.database;
    double = await startSlackDouble();
    const time = manualClock('2026-11-20T20:00:00Z');
    const ledger = ledgerOn(fresh.store, time.clock);
    await ledger.record(charge(70, 'accountData', { userId: 'U1' }));
    time.set(nowIso);
    const log = captureLogger('info');
    const job = (extra: { retryDelaysMs?: number[] } = {}) => {
      const j = summaryJob({
        ledger,
        clock: time.clock,
        logger: log.logger,
        double: double!,
        ...extra,
      });
      jobs.push(j);
      return j;
    };
    return { store: fresh.store as Store, double, time, job, log };
  }

  const posts = (d: SlackDouble) => d.messages(CHANNEL).filter((m) => m.via === 'chat.postMessage');

  it('sends a missed run late when the process comes back, and only once', async () => {
    const { store, double, job } = await setUp('2026-11-21T01:30:00Z'); // 09:30, after the run

    await job().start();
    await job().start(); // a restart, or a second replica

    const runs = await summaryRuns(store);
    expect(runs).toEqual([{ periodKey: NINE, late: true, sent: true }]);
    expect(posts(double)).toHaveLength(1);
    expect(posts(double)[0]?.text).toMatch(/^Daily spend summary \(late\)/);
    expect(posts(double)[0]?.text).toContain('70 points net (70 charged, 0 refunded, 1 call)');
    expect(double.files().filter((f) => f.completed)).toHaveLength(1);
  });

  it('a new install with no activity before the missed run sends no late summary', async () => {
    const fresh = await freshStore(dialect);
    database = fresh.database;
    double = await startSlackDouble();
    const time = manualClock('2026-11-21T01:30:00Z');
    const job = summaryJob({
      ledger: ledgerOn(fresh.store, time.clock),
      clock: time.clock,
      logger: captureLogger('info').logger,
      double,
    });
    jobs.push(job);

    await job.start();

    expect(await summaryRuns(fresh.store as Store)).toEqual([]);
    expect(posts(double)).toHaveLength(0);
  });

  it('a run claimed by a process that crashed before sending is sent once the claim goes stale', async () => {
    const { store, double, job, time } = await setUp('2026-11-21T01:05:00Z');
    // Another replica claimed 09:00 at 09:00 and died before posting.
    const crashed = ledgerOn(store, () => new Date(NINE));
    expect(await crashed.claimSummary({ workspaceId: 'T1', periodKey: NINE })).toBe(true);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await job().start(); // 09:05: the claim is not stale yet
      expect(posts(double)).toHaveLength(0);
      time.set('2026-11-21T01:16:30Z');
      await vi.advanceTimersByTimeAsync(11 * 60_000);
      await vi.waitFor(() => expect(posts(double)).toHaveLength(1), { timeout: 5000 });
    } finally {
      vi.useRealTimers();
    }
    expect(posts(double)[0]?.text).toMatch(/^Daily spend summary \(late\)/);
    await vi.waitFor(
      async () =>
        expect(await summaryRuns(store)).toEqual([{ periodKey: NINE, late: true, sent: true }]),
      { timeout: 5000 },
    );
  });

  it('does not resend a run that was sent on time', async () => {
    const { store, double, job, time } = await setUp(NINE);
    const onTime = await job().runOnce(new Date(NINE));
    time.set('2026-11-21T02:00:00Z');

    await job().start();

    expect(onTime).toEqual([{ workspaceId: 'T1', status: 'sent', chart: true }]);
    expect(await summaryRuns(store)).toEqual([{ periodKey: NINE, late: false, sent: true }]);
    expect(posts(double)).toHaveLength(1);
    expect(posts(double)[0]?.text).not.toContain('(late)');
  });

  it('gives a failed post back and retries it', async () => {
    const { store, double, job } = await setUp(NINE);
    double.failNext('chat.postMessage', { error: 'internal_error' });

    const first = await job({ retryDelaysMs: [300] }).runOnce(new Date(NINE));
    const afterFailure = await summaryRuns(store);
    await double.waitFor(() => posts(double).length === 1, 5000);
    // The chart follows the text, from a process started for it.
    await double.waitFor(() => double.files().some((f) => f.completed), 30_000);

    expect(first).toEqual([{ workspaceId: 'T1', status: 'failed', error: 'internal_error' }]);
    expect(afterFailure).toEqual([]);
    expect(double.callsTo('chat.postMessage')).toHaveLength(2);
    expect(posts(double)[0]?.text).toContain('70 points net');
    expect(await summaryRuns(store)).toEqual([{ periodKey: NINE, late: false, sent: true }]);
  }, 45_000);

  it('warns how to fix an unreachable channel, then sends once the bot is invited', async () => {
    const { store, double, job, time, log } = await setUp(NINE);
    double.addChannel({ id: CHANNEL, botIsMember: false });

    const refused = await job({ retryDelaysMs: [50] }).runOnce(new Date(NINE));
    await new Promise((r) => setTimeout(r, 150));
    const warning = log.lines().find((l) => l.level === 40 && l.channelId === CHANNEL);
    const runsWhileOut = await summaryRuns(store);
    double.addChannel({ id: CHANNEL, botIsMember: true });
    time.set('2026-11-21T03:00:00Z');
    await job().start();

    expect(refused).toEqual([
      { workspaceId: 'T1', status: 'unreachable', error: 'not_in_channel' },
    ]);
    expect(String(warning?.msg)).toMatch(/invite the bot/);
    expect(String(warning?.fix)).toContain(CHANNEL);
    expect(double.callsTo('chat.postMessage')).toHaveLength(2);
    expect(runsWhileOut).toEqual([]);
    expect(posts(double)).toHaveLength(1);
    expect(posts(double)[0]?.text).toContain('(late)');
  });
});
