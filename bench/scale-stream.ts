import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import { ACCOUNTS } from '../src/sandbox/seed/accounts.js';
import type { AckResult, SlackDouble } from '../src/slack-double/index.js';
import {
  type AnswerBook,
  type AnswerKind,
  type ContentCheck,
  naming,
  type Phase,
} from './scale-answers.js';
import { teamId } from './scale-world.js';
import { percentile, round } from './stats.js';

export interface StreamFigures {
  sent: number;
  acked: number;
  ackP50Ms: number | null;
  ackP99Ms: number | null;
  ackMaxMs: number | null;
  /** The ack p99 of each kind of request: which of them makes the whole p99. */
  ackP99MsAccount: number | null;
  ackP99MsPayorder: number | null;
  ackP99MsSpend: number | null;
  ackP99MsHome: number | null;
  /** The ack p99 of the requests sent while the items were made, and of those sent once live. */
  ackP99MsCreation: number | null;
  ackP99MsLive: number | null;
}

export interface StreamPlan {
  /** The bot's replicas' event URLs: each request goes to the next one in turn. */
  targets: readonly string[];
  /** Other apps (plain Bolt, as many as replicas) sent each request too, at the same moment. */
  mirrors?: readonly string[];
  /** The first workspace of the stream and how many take turns from it. */
  firstWorkspace?: number;
  workspaces: number;
  perSecond: number;
  /** Sends until this says stop (checked before each request). */
  until: () => boolean;
  /** Channel (and Home user) names of this stream start with this: streams never share them. */
  prefix: string;
  /** A workspace left out of the stream now (its turns go to the next workspace), if any. */
  avoid?: () => number | undefined;
  /** Each request is booked here before it is sent to the bot, with the phase it is sent in. */
  book: AnswerBook;
  phase: () => Phase;
}

export interface StreamOutcome {
  bot: StreamFigures;
  /** The mirror's acks for the same requests; null without a mirror. */
  mirror: StreamFigures | null;
}

const X = SANDBOX_EXAMPLES;
/** The spend card's header starts so (`spend.card.header`); the double's people read English. */
const SPEND_WORD = 'Points spent';
const PAYORDER = `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum} type=platform`;

/** The kinds of request, in the order `send` takes them in turn. */
const KINDS = ['Account', 'Payorder', 'Spend', 'Home'] as const;
type Kind = (typeof KINDS)[number];

/**
 * The i-th request of a stream, from workspace `w`: /account, /payorder, /spend or an App Home
 * opening, in turn, each in a channel of its own (`<prefix>C<i>`) or, for Home, by a person of
 * its own (`<prefix>H<i>`), so its answer can be found and its content checked.
 */
function send(
  double: SlackDouble,
  target: string,
  i: number,
  w: number,
  kind: Kind,
  prefix: string,
  book?: { book: AnswerBook; phase: Phase },
) {
  const team = teamId(w);
  const user = `U${prefix}C${w}X${i % 5}`;
  const channel = `${prefix}C${i}`;
  const track = (kind: AnswerKind, check: ContentCheck) =>
    book?.book.track({ channel }, kind, book.phase, check);
  switch (kind) {
    case 'Account':
      track('account', naming(ACCOUNTS[0].name));
      return double.sendCommand(target, {
        command: '/account',
        text: X.account.mediaMark,
        user,
        team,
        channel,
      });
    case 'Payorder':
      track('payorder', naming(X.payOrder.paid.orderNumber));
      return double.sendCommand(target, {
        command: '/payorder',
        text: PAYORDER,
        user,
        team,
        channel,
      });
    case 'Spend':
      track('spend', naming(SPEND_WORD));
      return double.sendCommand(target, { command: '/spend', text: 'today', user, team, channel });
    default: {
      const home = `U${prefix}H${i}`;
      book?.book.track({ home }, 'home', book.phase, ({ blocks }) => blocks.length > 2);
      return double.sendEvent(
        target,
        { type: 'app_home_opened', user: home, tab: 'home', channel: `D${home}` },
        team,
      );
    }
  }
}

type Ack = { ok: boolean; ms: number; kind: Kind; phase: Phase };

function timed(kind: Kind, phase: Phase, request: () => Promise<AckResult>): Promise<Ack> {
  const started = performance.now();
  return request().then(
    (a) => ({ ok: a.status === 200, ms: performance.now() - started, kind, phase }),
    () => ({ ok: false, ms: performance.now() - started, kind, phase }),
  );
}

function p99Of(done: readonly Ack[], which: (a: Ack) => boolean): number | null {
  return round(
    percentile(
      done.filter(which).map((a) => a.ms),
      0.99,
    ),
  );
}

function figures(done: readonly Ack[]): StreamFigures {
  const ms = done.map((a) => a.ms);
  return {
    sent: done.length,
    acked: done.filter((a) => a.ok).length,
    ackP50Ms: round(percentile(ms, 0.5)),
    ackP99Ms: round(percentile(ms, 0.99)),
    ackMaxMs: round(Math.max(...ms)),
    ackP99MsAccount: p99Of(done, (a) => a.kind === 'Account'),
    ackP99MsPayorder: p99Of(done, (a) => a.kind === 'Payorder'),
    ackP99MsSpend: p99Of(done, (a) => a.kind === 'Spend'),
    ackP99MsHome: p99Of(done, (a) => a.kind === 'Home'),
    ackP99MsCreation: p99Of(done, (a) => a.phase === 'creation'),
    ackP99MsLive: p99Of(done, (a) => a.phase === 'live'),
  };
}

/**
 * A steady stream of `perSecond` signed requests until `plan.until()`, spread over the workspaces
 * (each request from the next workspace) and over the targets (replicas) in turn; each is timed
 * from its sending to its ack, and its answer booked. Sent on schedule whether or not the earlier
 * ones were answered. With mirrors, each request goes to one of them as well in the same tick
 * (which of the two goes first alternates), so both apps take the same stream at the same moments.
 */
export async function steadyStream(double: SlackDouble, plan: StreamPlan): Promise<StreamOutcome> {
  const { workspaces, perSecond, mirrors = [], prefix } = plan;
  const first = plan.firstWorkspace ?? 0;
  const bot: Promise<Ack>[] = [];
  const ref: Promise<Ack>[] = [];
  const t0 = performance.now();
  for (let i = 0; !plan.until(); i++) {
    const due = t0 + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (plan.until()) break;
    let w = first + (i % workspaces);
    if (workspaces > 1 && w === plan.avoid?.()) w = first + ((w - first + 1) % workspaces);
    const target = plan.targets[i % plan.targets.length]!;
    const kind = KINDS[Math.floor(i / workspaces) % 4]!;
    const booked = { book: plan.book, phase: plan.phase() };
    const toBot = () =>
      bot.push(timed(kind, booked.phase, () => send(double, target, i, w, kind, prefix, booked)));
    const mirror = mirrors[i % Math.max(1, mirrors.length)];
    // The mirror's copy goes in a channel of its own: its acks are timed, not its answers.
    const toMirror = (m: string) =>
      ref.push(timed(kind, booked.phase, () => send(double, m, i, w, kind, `${prefix}M`)));
    if (mirror === undefined) toBot();
    else if (i % 2 === 0) {
      toBot();
      toMirror(mirror);
    } else {
      toMirror(mirror);
      toBot();
    }
  }
  const [b, m] = await Promise.all([Promise.all(bot), Promise.all(ref)]);
  return { bot: figures(b), mirror: mirrors.length === 0 ? null : figures(m) };
}
