import { mkdtempSync, readdirSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scaleBench } from '../../bench/scale.js';

/**
 * The scale benchmark in a shortened form: 3 workspaces, quick intervals, a 20 s window. It still
 * runs end to end (bot processes through scripts/start.sh in many-workspace mode on PostgreSQL,
 * the sandbox in its own process, the Slack double, plain Bolt beside the bot) and produces every
 * figure; its timings are not held to their goals here, only to being there and sane.
 */
const FIGURES: Record<string, string[]> = {
  probes: [
    'qrScanQuietP90Ms',
    'qrScanLoadedP90Ms',
    'watchPaidLoadedOverQuiet',
    'newOrderQuietP90Ms',
  ],
  gaps: [
    'qrGapOvershootP99S',
    'watchGapOvershootMaxS',
    'subscriptionItemsAWholeGapUnchecked',
    'qrDuplicates',
  ],
  'gateway requests': ['mostPerTokenPerOpInAnySecond', 'answers202', 'paidChecksPerUnscannedQrMax'],
  'every command answered': [
    'creationAnswerP99Ms',
    'liveAnswerP99Ms',
    'quietAnswerP90Ms',
    'liveUnanswered',
    'liveWrongContent',
    'loadedAnswerP90OverQuiet',
  ],
  memory: ['rssMaxMiB'],
  'acks beside plain Bolt': [
    'ackP99Ms',
    'plainBoltAckP99Ms',
    'ackP99RatioToPlainBolt',
    'ackP99MsCreation',
    'ackP99MsLive',
  ],
  information: [
    'liveQrCodesAtStart',
    'liveQrCodesAtEnd',
    'floodAnswered',
    'dbTransactionsPerGatewayRequest',
    'settingsScansPerGatewayRequest',
    'machineBusyCores',
    'botAccountAnswerMeanMsQuiet',
    'botAccountAnswerMeanMsWindow',
  ],
};

describe('the scale benchmark, shortened', () => {
  it.each([1, 3])(
    'runs with %i replica(s) and produces each figure',
    async (replicas) => {
      const logDir = mkdtempSync(join(tmpdir(), 'qd-scale-logs-'));
      const results = await scaleBench({
        logDir,
        workspaces: 3,
        durationMs: 15_000,
        replicas,
        qrCodes: 2,
        watches: 2,
        subscriptions: 2,
        commandsPerS: 5,
        floodCommands: 20,
        probeSamples: 2,
        watchIntervalMs: 5_000,
        everySeconds: 5,
        scanWithinMs: 3_000,
      });
      console.log(JSON.stringify(results.map((r) => [r.name, r.figures, r.met])));
      for (const [name, keys] of Object.entries(FIGURES)) {
        const r = results.find((x) => x.name.includes(name));
        expect(r, name).toBeDefined();
        for (const key of keys) expect(r!.figures, `${name}: ${key}`).toHaveProperty(key);
      }
      for (const r of results) {
        if (r.name.includes('information')) expect(r.met).toBeUndefined();
        else expect(typeof r.met, r.name).toBe('boolean');
      }
      const f = Object.assign({}, ...results.map((r) => r.figures));
      // Every probe was shown, each kind had checks, and every command got its own answer.
      for (const k of ['qrScan', 'watchPaid', 'newOrder']) {
        expect(f[`${k}NeverShown`], k).toBe(0);
        expect(f[`${k}LoadedP90Ms`], k).toBeGreaterThan(0);
      }
      for (const k of ['qr', 'watch', 'subscription'])
        expect(f[`${k}Checks`], k).toBeGreaterThan(0);
      // The database's own counts over the window: every gateway request cost some work there.
      expect(f.gatewayRequestsInWindow).toBeGreaterThan(0);
      expect(f.dbTransactionsPerGatewayRequest).toBeGreaterThan(1);
      expect(f.liveWatchesAtStart).toBeGreaterThanOrEqual(6);
      expect(f.liveSubscriptionsAtStart).toBeGreaterThanOrEqual(6);
      expect(f.liveQrCodesAtEnd).toBeGreaterThanOrEqual(6);
      expect(f.creationAsked).toBeGreaterThan(0);
      expect(f.liveAsked).toBeGreaterThan(0);
      expect(f.liveWrongContent + f.creationWrongContent + f.quietWrongContent).toBe(0);
      expect(f.liveUnanswered + f.creationUnanswered + f.quietUnanswered).toBe(0);
      expect(f).toMatchObject({ floodSent: 20, floodAnswered: 20 });
      expect(f.rssMaxMiB).toBeGreaterThan(0);
      // The bots' own timing of /account's answers: every part, wherever it was asked for; each
      // answer's parts are observed together once it is posted, so they add up to the whole
      // (rounding aside) even when a reading falls while answers are under way.
      const parts =
        /^held ([\d.]+), before ([\d.]+), language ([\d.]+), work ([\d.]+), delivery ([\d.]+), whole ([\d.]+)$/;
      for (const phase of ['Quiet', 'Window']) {
        const m = parts.exec(String(f[`botAccountAnswerMeanMs${phase}`]));
        expect(m, phase).not.toBeNull();
        const [held, before, language, work, delivery, whole] = m!.slice(1).map(Number) as number[];
        expect(work, phase).toBeGreaterThan(0);
        const sum = held! + before! + language! + work! + delivery!;
        expect(Math.abs(sum - whole!), phase).toBeLessThan(1);
      }
      // Their p90s, from the buckets: every part; each answer's whole holds its work, so the
      // whole's p90 is at least the work's.
      for (const phase of ['Quiet', 'Window']) {
        const p90 = parts.exec(String(f[`botAccountAnswerP90Ms${phase}`]));
        expect(p90, phase).not.toBeNull();
        const [work, whole] = [Number(p90![4]), Number(p90![6])];
        expect(work, phase).toBeGreaterThan(0);
        expect(whole, phase).toBeGreaterThanOrEqual(work);
      }
      // Creation lasts about a second here: it may have timed no /account (read at its ends).
      expect(String(f.botAccountAnswerMeanMsCreation)).toMatch(
        new RegExp(`${parts.source}|^none$`),
      );
      // The machine's busy cores hold the bots' own, and no more than the machine has, in the
      // window and while the items were made; the bots collected garbage in both.
      expect(f.machineBusyCores).toBeGreaterThanOrEqual(f.botCpuShareOfOneCore - 0.02);
      expect(f.machineBusyCores).toBeLessThanOrEqual(cpus().length);
      expect(f.creationMachineBusyCores).toBeGreaterThanOrEqual(
        f.creationBotCpuShareOfOneCore - 0.02,
      );
      expect(f.creationMachineBusyCores).toBeLessThanOrEqual(cpus().length);
      for (const phase of ['Creation', 'Window']) {
        expect(String(f[`botGcSeconds${phase}`]), phase).toMatch(/(^|, )minor \d+\.\d\d(, |$)/);
      }
      // Each bot's log is kept, and its warnings are counted (or said to be none).
      expect(readdirSync(logDir)).toHaveLength(replicas);
      expect(String(f.botWarnings).split(' | ')).toHaveLength(replicas);
      expect(f.botWarnings).not.toContain('no log');
    },
    240_000,
  );
});
