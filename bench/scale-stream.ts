import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import type { AckResult, SlackDouble } from '../src/slack-double/index.js';
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
}

/** One /account or /payorder of the stream, in a channel of its own so its answer can be found. */
export interface SentLookup {
  workspace: number;
  channel: string;
  /** performance.now() just before it was sent to the bot. */
  sentAt: number;
}

export interface StreamPlan {
  /** The bot's replicas' event URLs: each request goes to the next one in turn. */
  targets: readonly string[];
  /** Another app (plain Bolt) sent each request too, at the same moment, and timed apart. */
  mirror?: string;
  workspaces: number;
  perSecond: number;
  durationMs: number;
  /** A workspace left out of the stream now (its turns go to the next workspace), if any. */
  avoid?: () => number | undefined;
  /** Called as each /account and /payorder is sent to the bot (not for the mirror's copy). */
  onLookup?: (sent: SentLookup) => void;
}

export interface StreamOutcome {
  bot: StreamFigures;
  /** The mirror's acks for the same requests; null without a mirror. */
  mirror: StreamFigures | null;
}

const X = SANDBOX_EXAMPLES;

/** The lookup commands' channels: `CL<i>`, one per request of the stream. */
export const lookupChannel = (i: number) => `CL${i}`;

/**
 * The i-th request of the stream, from workspace `w`: a look-up, /spend or an App Home opening,
 * in turn. The look-ups are sent in a channel of their own (`lookupChannel(i)`).
 */
function send(double: SlackDouble, target: string, i: number, w: number, workspaces: number) {
  const team = teamId(w);
  const user = `UC${w}X${Math.floor(i / workspaces) % 5}`;
  const channel = lookupChannel(i);
  switch (Math.floor(i / workspaces) % 4) {
    case 0:
      return double.sendCommand(target, {
        command: '/account',
        text: X.account.mediaMark,
        user,
        team,
        channel,
      });
    case 1: {
      const text = `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum} type=platform`;
      return double.sendCommand(target, { command: '/payorder', text, user, team, channel });
    }
    case 2:
      return double.sendCommand(target, { command: '/spend', text: 'today', user, team });
    default:
      return double.sendEvent(
        target,
        { type: 'app_home_opened', user, tab: 'home', channel: `D${user}` },
        team,
      );
  }
}

const isLookup = (i: number, workspaces: number) => Math.floor(i / workspaces) % 4 < 2;

/** The kinds of request, in the order `send` takes them in turn. */
const KINDS = ['Account', 'Payorder', 'Spend', 'Home'] as const;
type Kind = (typeof KINDS)[number];
const kindOf = (i: number, workspaces: number): Kind => KINDS[Math.floor(i / workspaces) % 4]!;

type Ack = { ok: boolean; ms: number; kind: Kind };

function timed(kind: Kind, request: () => Promise<AckResult>): Promise<Ack> {
  const started = performance.now();
  return request().then(
    (a) => ({ ok: a.status === 200, ms: performance.now() - started, kind }),
    () => ({ ok: false, ms: performance.now() - started, kind }),
  );
}

function p99Of(done: readonly Ack[], kind: Kind): number | null {
  return round(
    percentile(
      done.filter((a) => a.kind === kind).map((a) => a.ms),
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
    ackP99MsAccount: p99Of(done, 'Account'),
    ackP99MsPayorder: p99Of(done, 'Payorder'),
    ackP99MsSpend: p99Of(done, 'Spend'),
    ackP99MsHome: p99Of(done, 'Home'),
  };
}

/**
 * A steady stream of `perSecond` signed requests for `durationMs`, spread over the workspaces
 * (each request from the next workspace) and over the targets (replicas) in turn; each is timed
 * from its sending to its ack. Sent on schedule whether or not the earlier ones were answered.
 * With a mirror, each request is sent there as well in the same tick (which of the two goes first
 * alternates), so both apps take the same stream on the same machine at the same moments.
 */
export async function steadyStream(double: SlackDouble, plan: StreamPlan): Promise<StreamOutcome> {
  const { workspaces, perSecond, mirror } = plan;
  const n = Math.max(1, Math.round((perSecond * plan.durationMs) / 1000));
  const bot: Promise<Ack>[] = [];
  const ref: Promise<Ack>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const due = t0 + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    let w = i % workspaces;
    if (workspaces > 1 && w === plan.avoid?.()) w = (w + 1) % workspaces;
    const target = plan.targets[i % plan.targets.length]!;
    const kind = kindOf(i, workspaces);
    const toBot = () => {
      if (isLookup(i, workspaces)) {
        plan.onLookup?.({ workspace: w, channel: lookupChannel(i), sentAt: performance.now() });
      }
      bot.push(timed(kind, () => send(double, target, i, w, workspaces)));
    };
    const toMirror = (m: string) => ref.push(timed(kind, () => send(double, m, i, w, workspaces)));
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
  return { bot: figures(b), mirror: mirror === undefined ? null : figures(m) };
}
