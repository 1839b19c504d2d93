import type { WebClient } from '@slack/web-api';
import { translator } from '../../i18n/translator.js';
import { configModal } from '../blocks/config-modal.js';
import { mrkdwn } from '../blocks/limits.js';
import type { SlackMessage } from '../blocks/message.js';
import type { AppDeps } from '../deps.js';
import { personLocale } from './language.js';
import type { workspaceSettings } from './workspace-settings.js';

/** What the settings form reads besides the budget and channel. */
export type ConfigSettings = Pick<
  ReturnType<typeof workspaceSettings>,
  'spendRules' | 'gatewayTokenLast4' | 'language' | 'forCall' | 'approvalRules'
>;

export async function isAdmin(client: WebClient, userId: string): Promise<boolean> {
  const info = await client.users.info({ user: userId });
  return Boolean(info.user?.is_admin || info.user?.is_owner);
}

/** `/querydesk config`: opens the settings modal for admins; returns a refusal for anyone else. */
export async function openConfig(
  client: WebClient,
  deps: AppDeps,
  a: { triggerId: string; teamId: string; userId: string },
): Promise<SlackMessage | undefined> {
  // The form and the refusal are the admin's own: in their language, read after the ack.
  const t = translator(await personLocale(deps, client, a.teamId, a.userId));
  if (!(await isAdmin(client, a.userId))) {
    return {
      text: t('config.adminsOnly'),
      blocks: [{ type: 'section', text: mrkdwn(t('config.adminsOnlyLong')) }],
    };
  }
  const env = deps.config.dailyBudgetPoints;
  const summary = deps.config.spendSummary.channel;
  const rules = await deps.settings.spendRules(a.teamId);
  const approval = await deps.settings.approvalRules(a.teamId);
  const oauth = deps.config.mode === 'oauth';
  await client.views.open({
    trigger_id: a.triggerId,
    view: configModal({
      adminUserId: a.userId,
      budget: await deps.dailyBudget(a.teamId),
      summaryChannel: await deps.summaryChannel(a.teamId),
      paidChannels: rules.channels,
      paidUsers: rules.users,
      approval: { above: approval.above, approvers: approval.approvers },
      language: {
        current: await deps.settings.language(a.teamId),
        t,
      },
      gatewayToken: oauth ? { last4: await deps.settings.gatewayTokenLast4(a.teamId) } : undefined,
      defaults: t('config.defaults', {
        budget:
          env === undefined
            ? t('config.defaults.unlimited')
            : t('config.defaults.points', { points: env }),
        channel: summary ? `<#${summary}>` : t('config.defaults.none'),
      }),
    }),
  });
  return undefined;
}
