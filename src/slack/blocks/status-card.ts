import type { QueueDepth } from '../../gateway/limiter.js';
import { mrkdwn } from './limits.js';
import type { SlackMessage } from './message.js';

export interface StatusView {
  gateway: { reachable: boolean; sandbox: boolean; host: string };
  storeReady: boolean;
  mode: string;
  queues: Record<string, QueueDepth>;
}

/** `/querydesk status`: is the gateway there, which one, and what is waiting per operation. */
export function statusCard(v: StatusView): SlackMessage {
  const gw = v.gateway.sandbox ? 'embedded sandbox' : v.gateway.host;
  const reach = v.gateway.reachable
    ? ':large_green_circle: reachable'
    : ':red_circle: not reachable';
  const queues = Object.entries(v.queues)
    .map(([op, d]) => `\`${op.padEnd(12)}\` ${d.queued} waiting · ${d.running} running`)
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
      { type: 'section', text: mrkdwn(`*Queues per operation*\n${queues}`, 3000) },
    ],
  };
}
