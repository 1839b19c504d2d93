import type { QrSessionView, RequestRecord } from '../src/sandbox/index.js';
import type { BenchResult } from './report.js';
import { type AnswerBook, floodFigures, loadedOverQuiet, phaseFigures } from './scale-answers.js';
import {
  ANSWER_PARTS,
  type AnswerPart,
  type HistogramsByKind,
  perTokenRate,
  quantileBound,
} from './scale-figures.js';
import { GAP_KINDS, gapFigures, type Item, type Schedules, tokenTag } from './scale-gaps.js';
import { type Made, watchedOrders } from './scale-populate.js';
import { PROBE_KINDS, type ProbeKind, probeFigures } from './scale-probes.js';
import type { LiveItems } from './scale-setup.js';
import type { StreamOutcome } from './scale-stream.js';
import { gatewayToken } from './scale-world.js';
import { ratio } from './stats.js';

export interface ScaleRun {
  label: string;
  workspaces: number;
  records: RequestRecord[];
  sessions: QrSessionView[];
  made: Made;
  watches: number;
  schedules: Schedules;
  qrWatchMs: number;
  /** Epoch ms the window ended: no check is owed after it. */
  until: number;
  /** When the window began, and the database's transactions and settings scans in it. */
  window: { at: number; transactions: number; settingsScans: number };
  probes: Record<'quiet' | 'loaded', Record<ProbeKind, (number | null)[]>>;
  asked: ReturnType<AnswerBook['asked']>;
  floodAt: number;
  stream: StreamOutcome;
  live: { start: LiveItems; end: LiveItems };
  lateness: HistogramsByKind;
  /** Background checks each replica claimed in the window, by its own count. */
  claimsPerReplica: string;
  rss: { bot: number; plain: number };
  /** Each bot's logged warnings and errors by message, replicas separated by ` | `. */
  botWarnings: string;
  /**
   * While the items were made and over the window: the bots' CPU over one core, the cores the
   * whole machine kept busy (every process on it), and the bots' seconds of garbage collection
   * by kind ("minor 1.2, major 3.4").
   */
  usage: Record<
    'creation' | 'window',
    { botCpuShare: number | null; machineBusyCores: number | null; gcSeconds: string }
  >;
  creationS: number | null;
  windowS: number | null;
  /** The bots' own `/account` answer parts (`querydesk_answer_seconds`): means and p90s, ms. */
  botAnswers: Record<'quiet' | 'creation' | 'window', Record<'means' | 'p90s', PartsMs>>;
}

type PartsMs = Record<AnswerPart, number | null>;

/** "held 6, before 3, language 1.2, work 20.1, delivery 5, whole 35.3" (ms), or "none" when none was timed. */
function partsText(ms: PartsMs): string {
  if (ms.whole === null) return 'none';
  return ANSWER_PARTS.map((p) => `${p} ${ms[p] ?? '-'}`).join(', ');
}

/** Every background item the workspaces made, as the gateway sees it (the probes' left out). */
function items(run: ScaleRun, mark: string): Item[] {
  const out: Item[] = [];
  for (const s of run.sessions) {
    if (s.mediaMark !== mark) continue;
    out.push({
      kind: 'qr',
      op: 'qrStatus',
      subject: s.sessionId,
      createdAt: s.createdAt,
      endsAt: s.createdAt + run.qrWatchMs,
    });
  }
  const firstLookup = new Map<string, number>();
  for (const r of run.records) {
    const key = `${r.tokenTag}\u0000${r.subject}`;
    if (r.op === 'payOrder' && !firstLookup.has(key)) firstLookup.set(key, r.at);
  }
  const orders = [...watchedOrders(run.watches)];
  for (let w = 0; w < run.workspaces; w++) {
    const tag = tokenTag(gatewayToken(w));
    for (const order of orders) {
      // A watch starts with the command's own look-up: its schedule counts from there.
      const at = firstLookup.get(`${tag}\u0000${order}`);
      if (at === undefined) continue;
      out.push({
        kind: 'watch',
        op: 'payOrder',
        subject: order,
        tokenTag: tag,
        createdAt: at,
        endsAt: Infinity,
      });
    }
  }
  for (const m of run.made.subscriptions) {
    const tag = tokenTag(gatewayToken(m.workspace));
    out.push({
      kind: 'subscription',
      op: 'shopOrders',
      subject: m.ownerId,
      tokenTag: tag,
      createdAt: m.at,
      endsAt: Infinity,
    });
  }
  return out;
}

const all = (xs: (number | null)[], ok: (x: number) => boolean) =>
  xs.every((x) => x !== null && ok(x));

/** The stream's acks beside plain Bolt's (as many processes), whole and by phase. */
function acksBesidePlainBolt({ bot, mirror }: StreamOutcome, label: string): BenchResult {
  const ackRatio = ratio(bot.ackP99Ms, mirror?.ackP99Ms ?? null);
  return {
    name: `scale: acks beside plain Bolt, ${label}`,
    figures: {
      ackP99Ms: bot.ackP99Ms,
      plainBoltAckP99Ms: mirror?.ackP99Ms ?? null,
      ackP99RatioToPlainBolt: ackRatio,
      ackP99MsCreation: bot.ackP99MsCreation,
      plainBoltAckP99MsCreation: mirror?.ackP99MsCreation ?? null,
      ackP99MsLive: bot.ackP99MsLive,
      plainBoltAckP99MsLive: mirror?.ackP99MsLive ?? null,
    },
    target:
      "the stream's ack p99 ≤ plain Bolt's, fed the same stream, as many processes as replicas",
    met: ackRatio !== null && ackRatio <= 1,
  };
}

/** The bots' CPU, the machine's busy cores and the bots' GC, over the window and the creation. */
function usageFigures({ window, creation }: ScaleRun['usage']) {
  return {
    botCpuShareOfOneCore: window.botCpuShare,
    machineBusyCores: window.machineBusyCores,
    botGcSecondsWindow: window.gcSeconds,
    creationBotCpuShareOfOneCore: creation.botCpuShare,
    creationMachineBusyCores: creation.machineBusyCores,
    botGcSecondsCreation: creation.gcSeconds,
  };
}

/** The scale run's figures, each group with its goal and `met`; the rest labelled information. */
export function scaleResults(run: ScaleRun, mark: string): BenchResult[] {
  const L = run.label;
  const probe = probeFigures(run.probes.quiet, run.probes.loaded);
  const { firstGaps, gaps } = splitFirstGaps(
    gapFigures(run.records, items(run, mark), run.schedules, run.until),
  );
  const rate = perTokenRate(run.records);
  const unscanned = run.sessions.filter((s) => s.mediaMark === mark);
  const paidMax = unscanned.length ? Math.max(...unscanned.map((s) => s.paidChecks)) : null;
  const creation = phaseFigures(run.asked, 'creation', 'creation');
  const live = phaseFigures(run.asked, 'live', 'live');
  const quiet = phaseFigures(run.asked, 'quiet', 'quiet');
  const flood = floodFigures(run.asked, run.floodAt);
  const loaded = run.asked.filter((a) => a.phase !== 'quiet');
  const overQuiet = loadedOverQuiet(run.asked);
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  const inWindow = run.records.filter((r) => r.at >= run.window.at && r.at <= run.until).length;
  return [
    {
      name: `scale: probes, loaded over quiet, ${L}`,
      figures: probe,
      target: 'each probe loaded p90 / quiet p90 ≤ 1.5; every probe shown',
      met: PROBE_KINDS.every(
        (k) =>
          all([num(probe[`${k}LoadedOverQuiet`])], (x) => x <= 1.5) &&
          probe[`${k}NeverShown`] === 0,
      ),
    },
    {
      name: `scale: gaps between checks at the gateway, ${L}`,
      figures: gaps,
      target: 'per kind: p99 overshoot ≤ 2 s; no item a whole gap unchecked; 0 duplicates',
      met: GAP_KINDS.every(
        (k) =>
          all([num(gaps[`${k}GapOvershootP99S`])], (x) => x <= 2) &&
          gaps[`${k}ItemsAWholeGapUnchecked`] === 0 &&
          gaps[`${k}Duplicates`] === 0,
      ),
    },
    {
      name: `scale: gateway requests per token, ${L}`,
      figures: {
        gatewayRequests: run.records.length,
        mostPerTokenPerOpInAnySecond: rate.mostPerTokenPerOpInAnySecond,
        answers202: rate.answers202,
        paidChecksPerUnscannedQrMax: paidMax,
      },
      target: '≤ 10 per token per operation in any 1 s; 0 × 202; ≤ 40 paid checks per unscanned QR',
      met:
        rate.mostPerTokenPerOpInAnySecond <= 10 &&
        rate.answers202 === 0 &&
        (paidMax === null || paidMax <= 40),
    },
    {
      name: `scale: every command answered, ${L}`,
      figures: {
        itemsNotMade: run.made.notMade,
        ...creation,
        ...live,
        ...quiet,
        loadedAnswerP90OverQuiet: overQuiet.sameKinds,
      },
      target:
        'all answered with the right content, every item made; answer p99 ≤ 3000 ms during creation and once live; loaded / quiet p90 ≤ 1.5',
      met:
        run.made.notMade === 0 &&
        loaded.every((a) => a.answeredAt !== undefined && a.right === true) &&
        all([num(creation.creationAnswerP99Ms), num(live.liveAnswerP99Ms)], (x) => x <= 3000) &&
        overQuiet.sameKinds !== null &&
        overQuiet.sameKinds <= 1.5,
    },
    {
      name: `scale: memory, ${L}`,
      figures: { rssMaxMiB: run.rss.bot, plainBoltRssMaxMiB: run.rss.plain },
      target: 'RSS ≤ 250 MiB per bot process, sampled every second from start-up to the end',
      met: run.rss.bot > 0 && run.rss.bot <= 250,
    },
    acksBesidePlainBolt(run.stream, L),
    {
      name: `scale: information (no goal), ${L}`,
      figures: {
        creationS: run.creationS,
        windowS: run.windowS,
        ...Object.fromEntries(Object.entries(run.live.start).map(([k, v]) => [`${k}AtStart`, v])),
        ...Object.fromEntries(Object.entries(run.live.end).map(([k, v]) => [`${k}AtEnd`, v])),
        ...flood,
        loadedAnswerP90OverQuietAllKinds: overQuiet.allKinds,
        streamSent: run.stream.bot.sent,
        streamAcked: run.stream.bot.acked,
        ...usageFigures(run.usage),
        tokenWindowsFilled: rate.tokenWindowsFilled,
        claimsPerReplica: run.claimsPerReplica,
        ...firstGaps,
        botWarnings: run.botWarnings,
        // Diagnostic only: the database's own count of what the window's gateway requests cost.
        gatewayRequestsInWindow: inWindow,
        dbTransactionsPerGatewayRequest: ratio(run.window.transactions, inWindow),
        settingsScansPerGatewayRequest: ratio(run.window.settingsScans, inWindow),
        // Diagnostic only: the bots' own timing of /account's answers, mean ms per part.
        botAccountAnswerMeanMsQuiet: partsText(run.botAnswers.quiet.means),
        botAccountAnswerMeanMsCreation: partsText(run.botAnswers.creation.means),
        botAccountAnswerMeanMsWindow: partsText(run.botAnswers.window.means),
        botAccountAnswerP90MsQuiet: partsText(run.botAnswers.quiet.p90s),
        botAccountAnswerP90MsCreation: partsText(run.botAnswers.creation.p90s),
        botAccountAnswerP90MsWindow: partsText(run.botAnswers.window.p90s),
        // Diagnostic only: the bot's own lateness (claim − the due time it set itself).
        ...Object.fromEntries(
          ['qr', 'watch', 'subscription'].map((k) => [
            `selfMeasured${k[0]!.toUpperCase()}${k.slice(1)}LatenessP99S`,
            quantileBound(run.lateness[k], 0.99),
          ]),
        ),
      },
    },
  ];
}

/** The gap figures with a goal, and apart from them the first-gap counts (information only). */
function splitFirstGaps(figures: ReturnType<typeof gapFigures>) {
  const gaps = { ...figures };
  const firstGaps: Record<string, number | string | null> = {};
  for (const k of Object.keys(gaps)) {
    if (!k.endsWith('ItemsTheirFirstGapUnchecked')) continue;
    firstGaps[k] = gaps[k] ?? null;
    delete gaps[k];
  }
  return { firstGaps, gaps };
}
