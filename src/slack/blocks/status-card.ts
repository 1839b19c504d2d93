import type { LimiterState, QueueDepth } from '../../gateway/limiter.js';
import { mrkdwn } from './limits.js';
import type { SlackMessage } from './message.js';

export interface StatusView {
  gateway: { reachable: boolean; sandbox: boolean; host: string };
  storeReady: boolean;
  mode: string;
  queues: Record<string, QueueDepth>;
  limiter?: LimiterState;
  /** QR sessions still being watched by this replica's store. */
  liveQrSessions?: number;
}

function budgetWords(l: LimiterState | undefined): string {
  if (!l?.shared) return 'this replica alone (no Redis), 10 requests/s per operation';
  if (l.degraded) {
    return `:warning: Redis unreachable: this replica keeps to ${l.perReplicaLimit} requests/s per operation (10 / ${l.replicas} replicas)`;
  }
  return 'shared by every replica through Redis, 10 requests/s per operation';
}

/** `/querydesk status`: is the gateway there, which one, and what is waiting per operation. */
export function statusCard(v: StatusView): SlackMessage {
  const gw = v.gateway.sandbox ? 'embedded sandbox' : v.gateway.host;
  const reach = v.gateway.reachable
    ? ':large_green_circle: reachable'
    : ':red_circle: not reachable';
  const queues = Object.entries(v.queues)
    .map(
      ([op, d]) =>
        `\`${op.padEnd(12)}\` ${d.queued} waiting (${d.interactive} people, ${d.background} background) · ${d.running} running`,
    )
    .join('\n');
  return {
    text: `Gateway (${gw}) ${v.gateway.reachable ? 'reachable' : 'not reachable'}; store ${v.storeReady ? 'ready' : 'not ready'}.`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: 'querydesk status' } },
      {
        type: 'section',
        fields: [
          mrkdwn(`*Gateway*\n${gw}\n${reach}`),
          mrkdwn(
            `*Store*\n${v.storeReady ? ':large_green_circle: ready' : ':red_circle: not reachable'}`,
          ),
          mrkdwn(`*Slack mode*\n${v.mode}`),
        ],
      },
      {
        type: 'section',
        text: mrkdwn(
          `*Gateway rate budget*\n${budgetWords(v.limiter)}${v.liveQrSessions === undefined ? '' : `\n*Live QR sessions*: ${v.liveQrSessions}`}`,
        ),
      },
      { type: 'section', text: mrkdwn(`*Queues per operation*\n${queues}`, 3000) },
    ],
  };
}
