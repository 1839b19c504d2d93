import { enLookup } from '../src/i18n/catalog/en/lookup.js';
import { zhCNLookup } from '../src/i18n/catalog/zh-cn/lookup.js';
import type { DoubleMessage, DoubleView, SlackDouble } from '../src/slack-double/index.js';
import { percentile, ratio, round } from './stats.js';

/**
 * The "Queued — N ahead, about S s" notice in either language: posted through the response_url
 * before the answer when a command waits more than 3 s for its token, then replaced by it.
 */
const QUEUED = new RegExp(
  [enLookup['lookup.queued'], zhCNLookup['lookup.queued']]
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '\\d+'))
    .join('|'),
);

/** What was asked: a command of the stream, a `/qr` of the steady load, one of the flood. */
export type AnswerKind = 'account' | 'payorder' | 'spend' | 'home' | 'qr' | 'flood';
/** When it was asked: one workspace alone, while the items are made, or once they are live. */
export type Phase = 'quiet' | 'creation' | 'live';

/** Whether an answer shows what was asked (not an error card, not another card). */
export type ContentCheck = (answer: { text: string; blocks: string }) => boolean;

interface Asked {
  kind: AnswerKind;
  phase: Phase;
  sentAt: number;
  check: ContentCheck;
  answeredAt?: number;
  right?: boolean;
  /** The start of a wrong answer's text, to tell what came instead. */
  wrong?: string;
  queued: boolean;
}

/** An answer that names `words` (all of them) and is no error card (those start with ":x:"). */
export const naming =
  (...words: string[]): ContentCheck =>
  ({ text, blocks }) =>
    !text.startsWith(':x:') && words.every((w) => text.includes(w) || blocks.includes(w));

/**
 * Every command asked during the run and when its answer reached the Slack double: the first
 * message the bot posts or edits in the command's own channel that is not a queue notice, or for
 * an App Home opening the first `views.publish` of that person's Home tab. Each answer's content is
 * checked as it arrives.
 */
export function answerBook(double: SlackDouble) {
  const byChannel = new Map<string, Asked>();
  const byHome = new Map<string, Asked>();
  const answer = (a: Asked | undefined, text: string, blocks: unknown) => {
    if (!a || a.answeredAt !== undefined) return;
    a.answeredAt = performance.now();
    a.right = a.check({ text, blocks: JSON.stringify(blocks) });
    if (!a.right) a.wrong = `${a.kind}: ${text.slice(0, 80)}`;
  };
  const onMessage = (m: DoubleMessage, action: string) => {
    const a = byChannel.get(m.channel);
    if (a && a.answeredAt === undefined && action === 'posted' && QUEUED.test(m.text)) {
      a.queued = true;
      return;
    }
    // A code's placeholder and image come before its status message: the answer is that message
    // (or an error card).
    const interim = a?.kind === 'qr' && !m.text.startsWith(':x:');
    if (interim && !a.check({ text: m.text, blocks: '' })) return;
    answer(a, m.text, m.blocks);
  };
  const onView = (v: DoubleView) => {
    if (v.type !== 'home') return;
    answer(byHome.get(v.user), '', v.view.blocks ?? []);
  };
  const off = double.on('change', (c) => {
    if (c.kind === 'message' && c.action !== 'deleted') onMessage(c.message, c.action);
    else if (c.kind === 'view') onView(c.view);
  });
  const all = () => [...byChannel.values(), ...byHome.values()];
  return {
    off,
    /** A command sent in `channel` (or an App Home opening by `home`), asked just now. */
    track(
      where: { channel: string } | { home: string },
      kind: AnswerKind,
      phase: Phase,
      check: ContentCheck,
    ): void {
      const a: Asked = { kind, phase, sentAt: performance.now(), check, queued: false };
      if ('channel' in where) byChannel.set(where.channel, a);
      else byHome.set(where.home, a);
    },
    /** Resolves once every command asked so far has its answer, or after `timeoutMs` anyway. */
    async settled(timeoutMs: number): Promise<void> {
      const deadline = performance.now() + timeoutMs;
      while (performance.now() < deadline && all().some((a) => a.answeredAt === undefined)) {
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    asked: all,
  };
}

export type AnswerBook = ReturnType<typeof answerBook>;

const ms = (xs: readonly Asked[]) =>
  xs.flatMap((a) => (a.answeredAt === undefined ? [] : [a.answeredAt - a.sentAt]));
const q = (xs: readonly Asked[], p: number) => {
  const v = ms(xs);
  return v.length ? round(percentile(v, p)) : null;
};

/** Answer times of one phase, from sending to the answer reaching Slack, and what went wrong. */
export function phaseFigures(asked: readonly Asked[], phase: Phase, prefix: string) {
  const xs = asked.filter((a) => a.phase === phase && a.kind !== 'flood');
  const by = (kind: AnswerKind) =>
    q(
      xs.filter((a) => a.kind === kind),
      0.99,
    );
  return {
    [`${prefix}Asked`]: xs.length,
    [`${prefix}Unanswered`]: xs.filter((a) => a.answeredAt === undefined).length,
    [`${prefix}WrongContent`]: xs.filter((a) => a.right === false).length,
    [`${prefix}WrongContentFirst`]: xs.find((a) => a.wrong !== undefined)?.wrong ?? null,
    [`${prefix}AnswerP50Ms`]: q(xs, 0.5),
    [`${prefix}AnswerP90Ms`]: q(xs, 0.9),
    [`${prefix}AnswerP99Ms`]: q(xs, 0.99),
    [`${prefix}AnswerMaxMs`]: xs.length ? round(Math.max(...ms(xs))) : null,
    [`${prefix}AnswerP99MsAccount`]: by('account'),
    [`${prefix}AnswerP99MsPayorder`]: by('payorder'),
    [`${prefix}AnswerP99MsSpend`]: by('spend'),
    [`${prefix}AnswerP99MsHome`]: by('home'),
    [`${prefix}AnswerP99MsQr`]: by('qr'),
  };
}

/** The flood's commands: all answered, the last after its token's 10/s drained them. */
export function floodFigures(asked: readonly Asked[], floodAt: number | undefined) {
  const xs = asked.filter((a) => a.kind === 'flood');
  const answered = xs.flatMap((a) => (a.answeredAt === undefined ? [] : [a.answeredAt]));
  return {
    floodSent: xs.length,
    floodAnswered: answered.length,
    floodWrongContent: xs.filter((a) => a.right === false).length,
    floodQueued: xs.filter((a) => a.queued).length,
    floodLastAnswerS:
      answered.length && floodAt !== undefined
        ? round((Math.max(...answered) - floodAt) / 1000)
        : null,
  };
}

/**
 * Loaded (set-up and window together) over quiet answer p90, over the kinds asked in both phases:
 * the quiet workspace's stream asks what the loaded stream asks, in the same turn, but the steady
 * QR load's `/qr` (an answer that draws and uploads an image, several times slower) comes only
 * with the load. Counted on one side only, those answers (one in 13 once live) filled most of
 * the loaded slow tenth, so the ratio compared two mixes. `allKinds` is that ratio, for
 * information.
 */
export function loadedOverQuiet(asked: readonly Asked[]): {
  sameKinds: number | null;
  allKinds: number | null;
} {
  const quiet = asked.filter((a) => a.phase === 'quiet' && a.kind !== 'flood');
  const kinds = new Set(quiet.map((a) => a.kind));
  const loaded = asked.filter((a) => a.phase !== 'quiet' && a.kind !== 'flood');
  const quietP90 = q(quiet, 0.9);
  return {
    sameKinds: ratio(
      q(
        loaded.filter((a) => kinds.has(a.kind)),
        0.9,
      ),
      quietP90,
    ),
    allKinds: ratio(q(loaded, 0.9), quietP90),
  };
}
