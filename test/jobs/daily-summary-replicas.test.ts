import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n/translator.js';
import type { DailySummaryJob } from '../../src/jobs/daily-summary.js';
import { spendCard } from '../../src/slack/blocks/spend-card.js';
import { totalWords } from '../../src/slack/blocks/spend-report-lines.js';
import { spendPeriod } from '../../src/slack/spend/period.js';
import { freshDatabase, type TestDatabase } from '../fakes/databases.js';
import { charge, ledgerOn, refund } from '../fakes/ledger.js';
import { captureLogger } from '../fakes/log-capture.js';
import { type SlackDouble, startSlackDouble } from '../fakes/slack-double.js';
import { CHANNEL, summaryJob, summaryRuns, ZONE } from './setup.js';

const EN = translator('en');
const HOUR = 3_600_000;
const codeBlock = (blocks: unknown[], title: string) =>
  JSON.stringify(blocks).match(new RegExp(`\\*${title}\\*\\\\n\`\`\`([^\`]*)\`\`\``))?.[1];

describe('daily summary with two replicas sharing one PostgreSQL', () => {
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

  it('posts each scheduled run exactly once, with a chart, and the numbers /spend shows', async () => {
    database = await freshDatabase('postgres');
    const [storeA, storeB] = [await database.open(), await database.open()];
    double = await startSlackDouble();
    const realClock = () => new Date();
    const t = Date.now();
    let at = t;
    const seeder = ledgerOn(storeA, () => new Date(at));
    at = t - 30 * HOUR;
    await seeder.record(charge(11, 'shopOrders', { userId: 'U3' }));
    at = t - 3 * HOUR;
    await seeder.record(charge(40, 'coupons', { userId: 'U1' }));
    at = t - 2 * HOUR;
    await seeder.record(charge(20, 'qrCreate', { userId: 'U2' }));
    at = t - HOUR;
    await seeder.record(refund(5, 'qr-1', { operation: 'qrCreate', userId: 'U2' }));
    const { logger } = captureLogger('warn');
    const cron = '*/2 * * * * *';
    jobs.push(
      summaryJob({ ledger: ledgerOn(storeA, realClock), clock: realClock, logger, double, cron }),
      summaryJob({ ledger: ledgerOn(storeB, realClock), clock: realClock, logger, double, cron }),
    );

    await Promise.all(jobs.map((j) => j.start()));
    // Each chart is drawn in a process of its own, started for it: allow for the starts. Two
    // posts on time besides any late one: when a 2-s slot passes between the two replicas'
    // starts, each catches up a different missed slot, and both of those are late.
    const onTimePosts = () =>
      double
        ?.messages(CHANNEL)
        .filter((m) => m.via === 'chat.postMessage' && !m.text.includes('(late)')).length ?? 0;
    await double.waitFor(
      () => (double?.files().filter((f) => f.completed).length ?? 0) >= 3 && onTimePosts() >= 2,
      40_000,
    );
    await Promise.all(jobs.map((j) => j.stop()));

    const runs = await summaryRuns(storeA);
    const posts = double.messages(CHANNEL).filter((m) => m.via === 'chat.postMessage');
    const charts = double.files().filter((f) => f.completed);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.every((r) => r.sent)).toBe(true);
    expect(posts).toHaveLength(runs.length);
    expect(charts).toHaveLength(runs.length);
    expect(posts.filter((p) => p.text.includes('(late)'))).toHaveLength(
      runs.filter((r) => r.late).length,
    );
    expect(runs.filter((r) => !r.late).length).toBeGreaterThanOrEqual(2);

    const png = PNG.sync.read(charts[0]?.bytes ?? Buffer.alloc(0));
    expect([png.width, png.height]).toEqual([720, 360]);
    expect(charts[0]?.name).toBe('spend-7d.png');

    const onTime = runs.find((r) => !r.late);
    const scheduledAt = new Date(onTime?.periodKey ?? '');
    const post = posts.find((p) => !p.text.includes('(late)'));
    const ledger = ledgerOn(storeB, realClock);
    const last24 = await ledger.spend({
      workspaceId: 'T1',
      from: new Date(scheduledAt.getTime() - 24 * HOUR),
      to: scheduledAt,
      timeZone: ZONE,
    });
    const week = spendPeriod('7d', scheduledAt, ZONE);
    const card = spendCard(await ledger.spend({ workspaceId: 'T1', ...week, timeZone: ZONE }), {
      label: week.label,
      spentToday: 0,
      timeZone: ZONE,
      t: EN,
    });
    expect(totalWords(last24, EN)).toBe('55 points net (60 charged, 5 refunded, 2 calls)');
    expect(post?.text).toContain(totalWords(last24, EN));
    expect(post?.text).toContain('change from the day before: +44 points (+400 %)');
    expect(post?.text).toContain('refunds: 5 points returned (QR code 5)');
    expect(codeBlock(post?.blocks ?? [], 'Last 7 days')).toBeDefined();
    expect(codeBlock(post?.blocks ?? [], 'Last 7 days')).toBe(codeBlock(card.blocks, 'By day'));
  }, 60_000);
});
