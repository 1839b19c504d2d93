import type { App } from '@slack/bolt';
import { liveQrSessionCount } from '../../queue-gauges.js';
import { errorCard } from '../blocks/error-card.js';
import { type HelpEntry, helpCard } from '../blocks/help-card.js';
import { escapeMrkdwn } from '../blocks/limits.js';
import { notice, type SlackMessage } from '../blocks/message.js';
import { statusCard } from '../blocks/status-card.js';
import type { AppDeps } from '../deps.js';
import { finish } from './slash.js';
import type { CommandSpecs } from './specs.js';

export const QUERYDESK_USAGE = 'Usage: /querydesk help | status | config';

export function helpEntries(specs: CommandSpecs): HelpEntry[] {
  return [
    {
      name: specs.payorder.name,
      usage: specs.payorder.usage,
      what: 'Payment order by platform or merchant-defined number (free).',
    },
    {
      name: specs.shoporders.name,
      usage: specs.shoporders.usage,
      what: "A shop's sold orders, paged.",
    },
    {
      name: specs.qr.name,
      usage: specs.qr.usage,
      what: 'QR login code for an account, with a live status message.',
    },
    {
      name: specs.account.name,
      usage: specs.account.usage,
      what: 'Account analytics: 7-day stats, fans, distributions.',
    },
    {
      name: specs.coupons.name,
      usage: specs.coupons.usage,
      what: 'Delivery coupons claimed through a channel id; windows over 7 days are split.',
    },
    {
      name: specs.punishments.name,
      usage: specs.punishments.usage,
      what: 'Affiliate punishment orders of an authorized user.',
    },
    {
      name: '/spend',
      usage: '[today|7d|30d]',
      what: 'Points this workspace spent, by operation, user and day.',
    },
    {
      name: '/querydesk',
      usage: 'help | status | config',
      what: 'This help, gateway status, and settings (admins).',
    },
  ];
}

/** Loaded on first use: with a real gateway the sandbox is never loaded at all. */
async function sandboxExamples(): Promise<string[]> {
  const x = (await import('../../sandbox/examples.js')).SANDBOX_EXAMPLES;
  return [
    `/payorder ${x.payOrder.paid.orderNumber} ${x.payOrder.merchantNum}`,
    `/shoporders ${x.shopOrders.ownerId}`,
    `/qr ${x.account.mediaMark}`,
    `/account ${x.account.mediaMark}`,
    `/coupons ${x.coupons.sid}`,
    `/punishments ${x.punishments.platformUserId}`,
  ];
}

export async function statusMessage(deps: AppDeps): Promise<SlackMessage> {
  const [reachable, storeReady, liveQrSessions] = await Promise.all([
    deps.gateway.reachable(),
    deps.store.ping(),
    liveQrSessionCount(deps.store.db).catch(() => undefined),
  ]);
  return statusCard({
    gateway: { reachable, sandbox: deps.gateway.sandbox, host: new URL(deps.gateway.baseUrl).host },
    storeReady,
    mode: deps.config.mode,
    queues: deps.gateway.depth(),
    limiter: deps.gateway.limiterState(),
    liveQrSessions,
  });
}

/** `/querydesk help|status|config`. `config` is handled by the config modal's own registration. */
export function registerQuerydesk(
  app: App,
  deps: AppDeps,
  specs: CommandSpecs,
  openConfig?: (args: {
    triggerId: string;
    teamId: string;
    userId: string;
    channelId: string;
  }) => Promise<SlackMessage | undefined>,
): void {
  app.command('/querydesk', async ({ command, ack, respond }) => {
    deps.metrics.slackAcks.inc({ kind: 'command' });
    const sub = command.text.trim().toLowerCase();
    if (sub === '' || sub === 'help') {
      const examples = deps.gateway.sandbox ? await sandboxExamples() : undefined;
      await ack({
        response_type: 'ephemeral',
        ...finish(deps, helpCard(helpEntries(specs), examples)),
      });
      return;
    }
    if (sub === 'status') {
      await ack();
      let message: SlackMessage;
      try {
        message = await statusMessage(deps);
      } catch (err) {
        message = errorCard(err);
      }
      await respond({ response_type: 'ephemeral', ...finish(deps, message) });
      return;
    }
    if (sub === 'config' && openConfig) {
      await ack();
      const refusal = await openConfig({
        triggerId: command.trigger_id,
        teamId: command.team_id,
        userId: command.user_id,
        channelId: command.channel_id,
      });
      if (refusal) await respond({ response_type: 'ephemeral', ...finish(deps, refusal) });
      return;
    }
    await ack({
      response_type: 'ephemeral',
      ...finish(
        deps,
        notice(
          `Unknown /querydesk subcommand "${escapeMrkdwn(sub.slice(0, 40))}". ${QUERYDESK_USAGE}`,
        ),
      ),
    });
  });
}
