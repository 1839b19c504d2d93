import type { LimiterState, QueueDepth } from '../../gateway/limiter.js';
import type { Translate } from '../../i18n/translator.js';
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

function budgetWords(l: LimiterState | undefined, t: Translate): string {
  if (!l?.shared) return t('help.status.alone');
  if (l.degraded) {
    const words = t('help.status.degraded', { limit: l.perReplicaLimit, replicas: l.replicas });
    return `:warning: ${words}`;
  }
  return t('help.status.shared');
}

/**
 * `/querydesk status`, in the asker's language: is the gateway there, which one, and what is
 * waiting per operation. Operation names are the gateway's, as typed in logs and metrics.
 */
export function statusCard(v: StatusView, t: Translate): SlackMessage {
  const gw = v.gateway.sandbox ? t('help.status.embeddedSandbox') : v.gateway.host;
  const reachable = t(v.gateway.reachable ? 'help.status.reachable' : 'help.status.notReachable');
  const reach = `${v.gateway.reachable ? ':large_green_circle:' : ':red_circle:'} ${reachable}`;
  const store = v.storeReady
    ? `:large_green_circle: ${t('help.status.ready')}`
    : `:red_circle: ${t('help.status.notReachable')}`;
  const queues = Object.entries(v.queues)
    .map(([op, d]) => `\`${op.padEnd(12)}\` ${t('help.status.queue', { ...d })}`)
    .join('\n');
  const live =
    v.liveQrSessions === undefined ? '' : `\n*${t('help.status.liveQr')}*: ${v.liveQrSessions}`;
  return {
    text: t('help.status.text', {
      gateway: gw,
      reachable,
      store: t(v.storeReady ? 'help.status.ready' : 'help.status.storeNotReady'),
    }),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: t('help.status.title') } },
      {
        type: 'section',
        fields: [
          mrkdwn(`*${t('help.status.gateway')}*\n${gw}\n${reach}`),
          mrkdwn(`*${t('help.status.store')}*\n${store}`),
          mrkdwn(`*${t('help.status.slackMode')}*\n${v.mode}`),
        ],
      },
      {
        type: 'section',
        text: mrkdwn(`*${t('help.status.rateBudget')}*\n${budgetWords(v.limiter, t)}${live}`),
      },
      { type: 'section', text: mrkdwn(`*${t('help.status.queues')}*\n${queues}`, 3000) },
    ],
  };
}
