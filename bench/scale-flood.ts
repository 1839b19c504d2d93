import { enLookup } from '../src/i18n/catalog/en/lookup.js';
import { zhCNLookup } from '../src/i18n/catalog/zh-cn/lookup.js';
import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import type { SlackDouble } from '../src/slack-double/index.js';
import { teamId } from './scale-world.js';
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

interface Asked {
  workspace: number;
  sentAt: number;
  /** performance.now() when its answer reached the double (posted, or the notice replaced). */
  answeredAt?: number;
  /** A queue notice was shown before the answer. */
  queued: boolean;
}

/**
 * Commands sent each in a channel of its own, and when each one's answer reached Slack: the first
 * message the bot posts (through the response_url) or edits there that is not a queue notice.
 */
export function answerBook(double: SlackDouble) {
  const asked = new Map<string, Asked>();
  const off = double.on('change', (c) => {
    if (c.kind !== 'message' || c.action === 'deleted') return;
    const a = asked.get(c.message.channel);
    if (!a || a.answeredAt !== undefined) return;
    if (c.action === 'posted' && QUEUED.test(c.message.text)) {
      a.queued = true;
      return;
    }
    a.answeredAt = performance.now();
  });
  return {
    off,
    track(channel: string, workspace: number, sentAt: number): void {
      asked.set(channel, { workspace, sentAt, queued: false });
    },
    get(channel: string): Asked | undefined {
      return asked.get(channel);
    },
    /** Resolves once each of `channels` has its answer, or after `timeoutMs` in any case. */
    async settled(channels: readonly string[], timeoutMs: number): Promise<void> {
      const deadline = performance.now() + timeoutMs;
      while (
        performance.now() < deadline &&
        channels.some((ch) => asked.get(ch)?.answeredAt === undefined)
      ) {
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

export type AnswerBook = ReturnType<typeof answerBook>;

/** The flood's commands' channels: `CF<j>`. */
const floodChannel = (j: number) => `CF${j}`;

/**
 * A burst from one workspace: `commands` people typing `/payorder` at once (nothing spaced), all
 * of them needing the workspace's own token for the same operation, spread over the replicas as a
 * load balancer would, and each sent to `mirror` (plain Bolt) as well in the same tick, as the
 * stream is. Resolves once the bot has acked every one, with the channels and that moment.
 */
export async function flood(
  double: SlackDouble,
  book: AnswerBook,
  targets: readonly string[],
  mirror: string | undefined,
  workspace: number,
  commands: number,
): Promise<{ channels: string[]; ackedAt: number }> {
  const X = SANDBOX_EXAMPLES.payOrder;
  const text = `${X.paid.orderNumber} ${X.merchantNum} type=platform`;
  const channels: string[] = [];
  const acks: Promise<unknown>[] = [];
  const copies: Promise<unknown>[] = [];
  for (let j = 0; j < commands; j++) {
    const channel = floodChannel(j);
    channels.push(channel);
    const input = {
      command: '/payorder',
      text,
      user: `UC${workspace}X${j % 5}`,
      team: teamId(workspace),
      channel,
    };
    const toBot = () => {
      book.track(channel, workspace, performance.now());
      acks.push(double.sendCommand(targets[j % targets.length]!, input).catch(() => undefined));
    };
    const toMirror = (m: string) =>
      copies.push(double.sendCommand(m, input).catch(() => undefined));
    if (mirror === undefined) toBot();
    else if (j % 2 === 0) {
      toBot();
      toMirror(mirror);
    } else {
      toMirror(mirror);
      toBot();
    }
  }
  await Promise.all(acks);
  const ackedAt = performance.now();
  await Promise.all(copies);
  return { channels, ackedAt };
}

export interface IsolationFigures {
  otherWorkspacesAnswerP99MsBeforeFlood: number | null;
  otherWorkspacesAnswerP99MsDuringFlood: number | null;
  otherWorkspacesAnswerP99RatioDuringToBefore: number | null;
  /** The same from the moment the bot had acked the whole flood: its backlog without its intake. */
  otherWorkspacesAnswerP99MsAfterFloodAcked: number | null;
  /** The other workspaces' commands in the two stretches, and those never answered. */
  otherWorkspacesAskedBeforeFlood: number;
  otherWorkspacesAskedDuringFlood: number;
  otherWorkspacesUnanswered: number;
  /** Other workspaces' commands sent during the flood that were shown a queue notice. */
  otherWorkspacesQueuedDuringFlood: number;
  floodSent: number;
  floodAnswered: number;
  /** The flood's commands shown a queue notice before their answer. */
  floodQueued: number;
  floodLastAnswerS: number | null;
}

/**
 * The other workspaces' answer times (sending to the answer reaching Slack) in the stretch just
 * before the flood (`beforeMs` long) and in the flood's backlog (from the flood's sending to its
 * last answer; and from its last ack to its last answer), and how the flood itself was answered.
 */
export function isolationFigures(
  book: AnswerBook,
  others: readonly string[],
  sent: { channels: readonly string[]; ackedAt: number },
  floodAt: number,
  beforeMs: number,
): IsolationFigures {
  const floodChannels = sent.channels;
  const floods = floodChannels.map((ch) => book.get(ch)!);
  const floodAnswers = floods.flatMap((a) => (a.answeredAt === undefined ? [] : [a.answeredAt]));
  const floodEnd =
    floodAnswers.length === floods.length && floods.length > 0
      ? Math.max(...floodAnswers)
      : Number.POSITIVE_INFINITY;
  const asked = others.map((ch) => book.get(ch)!);
  const before = asked.filter((a) => a.sentAt >= floodAt - beforeMs && a.sentAt < floodAt);
  const during = asked.filter((a) => a.sentAt >= floodAt && a.sentAt <= floodEnd);
  const backlog = during.filter((a) => a.sentAt >= sent.ackedAt);
  const p99 = (xs: Asked[]) => {
    const ms = xs.flatMap((a) => (a.answeredAt === undefined ? [] : [a.answeredAt - a.sentAt]));
    return ms.length ? round(percentile(ms, 0.99)) : null;
  };
  const b = p99(before);
  const d = p99(during);
  return {
    otherWorkspacesAnswerP99MsBeforeFlood: b,
    otherWorkspacesAnswerP99MsDuringFlood: d,
    otherWorkspacesAnswerP99RatioDuringToBefore: ratio(d, b),
    otherWorkspacesAnswerP99MsAfterFloodAcked: p99(backlog),
    otherWorkspacesAskedBeforeFlood: before.length,
    otherWorkspacesAskedDuringFlood: during.length,
    otherWorkspacesUnanswered: [...before, ...during].filter((a) => a.answeredAt === undefined)
      .length,
    otherWorkspacesQueuedDuringFlood: during.filter((a) => a.queued).length,
    floodSent: floods.length,
    floodAnswered: floodAnswers.length,
    floodQueued: floods.filter((a) => a.queued).length,
    floodLastAnswerS: floodAnswers.length
      ? round((Math.max(...floodAnswers) - floodAt) / 1000)
      : null,
  };
}
