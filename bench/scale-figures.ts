import { readFileSync } from 'node:fs';
import type { RequestRecord } from '../src/sandbox/index.js';
import { windowMax } from './stats.js';

/** One histogram of the bot's /metrics (one label set): cumulative counts per bucket bound. */
export interface Histogram {
  /** [upper bound in seconds, observations at or below it], ascending; the last is +Inf. */
  buckets: [number, number][];
  count: number;
}

export type HistogramsByKind = Record<string, Histogram>;

const LATENESS = 'querydesk_background_check_lateness_seconds';

/** The background-check lateness histograms in a Prometheus text exposition, by `kind`. */
export function latenessHistograms(text: string): HistogramsByKind {
  const out: HistogramsByKind = {};
  const line = new RegExp(`^${LATENESS}_bucket\\{([^}]*)\\} (\\d+)`, 'gm');
  for (const m of text.matchAll(line)) {
    const labels = Object.fromEntries(
      [...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1]!, l[2]!]),
    );
    const kind = labels.kind ?? '';
    const h = out[kind] ?? { buckets: [], count: 0 };
    out[kind] = h;
    const le = labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(labels.le);
    h.buckets.push([le, Number(m[2])]);
    if (le === Number.POSITIVE_INFINITY) h.count = Number(m[2]);
  }
  return out;
}

/** `after` minus `before`, bucket by bucket: the observations made between the two readings. */
export function histogramDelta(
  after: HistogramsByKind,
  before: HistogramsByKind,
): HistogramsByKind {
  const out: HistogramsByKind = {};
  for (const [kind, h] of Object.entries(after)) {
    const b = before[kind];
    out[kind] = {
      buckets: h.buckets.map(([le, n], i) => [le, n - (b?.buckets[i]?.[1] ?? 0)]),
      count: h.count - (b?.count ?? 0),
    };
  }
  return out;
}

/**
 * Several processes' histograms added up (their bounds are the same; a process that has observed
 * nothing yet may have no buckets at all).
 */
export function histogramSum(all: HistogramsByKind[]): HistogramsByKind {
  const out: HistogramsByKind = {};
  for (const one of all) {
    for (const [kind, h] of Object.entries(one)) {
      const o = out[kind] ?? { buckets: [], count: 0 };
      out[kind] = o;
      h.buckets.forEach(([le, n], i) => {
        const b = o.buckets[i];
        if (b) b[1] += n;
        else o.buckets.push([le, n]);
      });
      o.count += h.count;
    }
  }
  return out;
}

/** Parts of people's answers, as the bot times them (`querydesk_answer_seconds`). */
export const ANSWER_PARTS = ['held', 'before', 'language', 'work', 'delivery', 'whole'] as const;
export type AnswerPart = (typeof ANSWER_PARTS)[number];
/** Each part's sum, count and cumulative buckets ([bound in s, observations at or below]). */
export type AnswerSums = Record<AnswerPart, { sum: number; count: number } & Histogram>;

const emptySums = (): AnswerSums =>
  Object.fromEntries(
    ANSWER_PARTS.map((p) => [p, { sum: 0, count: 0, buckets: [] }]),
  ) as unknown as AnswerSums;

/**
 * `querydesk_answer_seconds`' sum, count and buckets for `command` in a Prometheus text
 * exposition, by part. The scale run reads `/account`'s: the stream sends it to every workspace
 * and the flood (a queue of `/payorder` at the gateway's rate) never does.
 */
export function answerSums(text: string, command = '/account'): AnswerSums {
  const out = emptySums();
  const line = /^querydesk_answer_seconds_(sum|count|bucket)\{([^}]*)\} (\S+)/gm;
  for (const m of text.matchAll(line)) {
    if (!m[2]!.includes(`command="${command}"`)) continue;
    const part = /part="([^"]*)"/.exec(m[2]!)?.[1] as AnswerPart | undefined;
    if (!part || !(part in out)) continue;
    if (m[1] !== 'bucket') {
      out[part][m[1] as 'sum' | 'count'] += Number(m[3]);
      continue;
    }
    const le = /le="([^"]*)"/.exec(m[2]!)?.[1];
    out[part].buckets.push([le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le), Number(m[3])]);
  }
  return out;
}

/** Several processes' sums added together (their buckets have the same bounds). */
export function addAnswerSums(all: readonly AnswerSums[]): AnswerSums {
  const out = emptySums();
  for (const p of ANSWER_PARTS) {
    const h = histogramSum(all.map((s) => ({ p: s[p] }))).p;
    out[p] = { sum: all.reduce((t, s) => t + s[p].sum, 0), ...(h ?? out[p]) };
  }
  return out;
}

/** One figure per part, null where it has none. */
const byPart = (figure: (p: AnswerPart) => number | null) =>
  Object.fromEntries(ANSWER_PARTS.map((p) => [p, figure(p)])) as Record<AnswerPart, number | null>;

/** The mean of each part, in ms, over the answers timed between two readings (null: none). */
export function answerMeansMs(after: AnswerSums, before: AnswerSums) {
  return byPart((p) => {
    const n = after[p].count - before[p].count;
    return n > 0 ? Math.round(((after[p].sum - before[p].sum) / n) * 10_000) / 10 : null;
  });
}

/**
 * Each part's p90 over the answers timed between two readings, as the bucket bound at or below
 * which 90 % of them lie, in ms (null: none timed, or beyond the last finite bound).
 */
export function answerP90sMs(after: AnswerSums, before: AnswerSums) {
  return byPart((p) => {
    const bound = quantileBound(histogramDelta({ p: after[p] }, { p: before[p] }).p, 0.9);
    return bound === null ? null : Math.round(bound * 1000);
  });
}

/** The smallest bucket bound at or below which a fraction `q` of the observations lie. */
export function quantileBound(h: Histogram | undefined, q: number): number | null {
  if (!h || h.count === 0) return null;
  const hit = h.buckets.find(([, n]) => n >= q * h.count);
  return hit && Number.isFinite(hit[0]) ? hit[0] : null;
}

const GC = 'nodejs_gc_duration_seconds';

/**
 * Seconds spent in garbage collection so far, by kind (`minor`, `major`, `incremental`,
 * `weakcb`), from prom-client's default metrics in a Prometheus text exposition: every thread
 * whose registry the bot's /metrics adds in.
 */
export function gcSecondsByKind(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of text.matchAll(new RegExp(`^${GC}_sum\\{([^}]*)\\} ([\\d.e+-]+)`, 'gm'))) {
    const kind = /kind="([^"]*)"/.exec(m[1]!)?.[1] ?? '';
    out[kind] = (out[kind] ?? 0) + Number(m[2]);
  }
  return out;
}

/** "minor 1.2, major 3.4" (seconds, by kind, in that order) between two readings of several bots. */
export function gcSecondsText(
  after: Record<string, number>[],
  before: Record<string, number>[],
): string {
  const total: Record<string, number> = {};
  after.forEach((a, i) => {
    for (const [kind, s] of Object.entries(a)) {
      total[kind] = (total[kind] ?? 0) + s - (before[i]?.[kind] ?? 0);
    }
  });
  const kinds = Object.keys(total).sort();
  return kinds.length ? kinds.map((k) => `${k} ${total[k]!.toFixed(2)}`).join(', ') : 'none';
}

/** CPU time (user + system) the process `pid` has used so far, in ms. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3; utime is 14, stime 15.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(rest[11]) + Number(rest[12]);
  return ticks * 10; // USER_HZ is 100 on Linux.
}

/**
 * CPU time the whole machine has been busy so far (every core, user and system; idle and I/O
 * wait left out), in ms: over a window, the cores the bots, PostgreSQL, the sandbox and the
 * benchmark itself kept busy together.
 */
export function machineBusyMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal …
  const [user, nice, system, , , irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (
    ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 10
  );
}

/** The most requests of one token for one operation inside any 1-second window. */
export function perTokenRate(records: readonly RequestRecord[]) {
  const byKey = new Map<string, number[]>();
  for (const r of records) {
    if (!r.op || !r.tokenTag) continue;
    const key = `${r.op}\u0000${r.tokenTag}`;
    (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(r.at);
  }
  let most = 0;
  let full = 0;
  for (const at of byKey.values()) {
    const m = windowMax(at, 1000);
    most = Math.max(most, m);
    if (m >= 10) full++;
  }
  return {
    mostPerTokenPerOpInAnySecond: most,
    /** Token-operation pairs whose 1-second window filled at least once (a check may have waited). */
    tokenWindowsFilled: full,
    answers202: records.filter((r) => r.code === 202).length,
  };
}
