import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import type { SlackDouble } from '../src/slack-double/index.js';
import { teamId } from './scale-world.js';
import { percentile, round } from './stats.js';

export interface StreamFigures {
  sent: number;
  acked: number;
  ackP50Ms: number | null;
  ackP99Ms: number | null;
  ackMaxMs: number | null;
}

const X = SANDBOX_EXAMPLES;

/** The i-th request of the stream: a look-up, /spend or an App Home opening, in turn. */
function send(double: SlackDouble, target: string, i: number, workspaces: number) {
  const w = i % workspaces;
  const team = teamId(w);
  const user = `UC${w}X${Math.floor(i / workspaces) % 5}`;
  switch (Math.floor(i / workspaces) % 4) {
    case 0:
      return double.sendCommand(target, {
        command: '/account',
        text: X.account.mediaMark,
        user,
        team,
      });
    case 1: {
      const text = `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum} type=platform`;
      return double.sendCommand(target, { command: '/payorder', text, user, team });
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

/**
 * A steady stream of `perSecond` signed requests for `durationMs`, spread over the workspaces
 * (each request from the next workspace) and over `targets` (replicas) in turn; each is timed
 * from its sending to its ack. Sent on schedule whether or not the earlier ones were answered.
 */
export async function steadyStream(
  double: SlackDouble,
  targets: readonly string[],
  workspaces: number,
  perSecond: number,
  durationMs: number,
): Promise<StreamFigures> {
  const n = Math.max(1, Math.round((perSecond * durationMs) / 1000));
  const acks: Promise<{ ok: boolean; ms: number }>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const due = t0 + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const started = performance.now();
    acks.push(
      send(double, targets[i % targets.length]!, i, workspaces).then(
        (a) => ({ ok: a.status === 200, ms: performance.now() - started }),
        () => ({ ok: false, ms: performance.now() - started }),
      ),
    );
  }
  const done = await Promise.all(acks);
  const ms = done.map((a) => a.ms);
  return {
    sent: n,
    acked: done.filter((a) => a.ok).length,
    ackP50Ms: round(percentile(ms, 0.5)),
    ackP99Ms: round(percentile(ms, 0.99)),
    ackMaxMs: round(Math.max(...ms)),
  };
}
