import type { App } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { saveWorkspaceSettings } from '../../store/index.js';
import { CONFIG_CALLBACK, configModal } from '../blocks/config-modal.js';
import type { SlackMessage } from '../blocks/message.js';
import type { AppDeps } from '../deps.js';

async function isAdmin(client: WebClient, userId: string): Promise<boolean> {
  const info = await client.users.info({ user: userId });
  return Boolean(info.user?.is_admin || info.user?.is_owner);
}

/** Opens the settings modal for admins; returns a refusal for anyone else. */
export function openConfig(app: App, deps: AppDeps) {
  return async (a: {
    triggerId: string;
    teamId: string;
    userId: string;
  }): Promise<SlackMessage | undefined> => {
    if (!(await isAdmin(app.client, a.userId))) {
      return {
        text: 'Only workspace admins can change querydesk settings.',
        blocks: [
          {
            type: 'section',
            text: {
              type: 'mrkdwn',
              text: ':lock: Only workspace admins and owners can change querydesk settings.',
            },
          },
        ],
      };
    }
    const env = deps.config.dailyBudgetPoints;
    await app.client.views.open({
      trigger_id: a.triggerId,
      view: configModal({
        adminUserId: a.userId,
        budget: await deps.dailyBudget(a.teamId),
        summaryChannel: await deps.summaryChannel(a.teamId),
        defaults: `Defaults from the environment: budget ${env === undefined ? 'unlimited' : `${env} points`}, summary channel ${deps.config.spendSummary.channel ? `<#${deps.config.spendSummary.channel}>` : 'none'}.`,
      }),
    });
    return undefined;
  };
}

/** Saving the settings modal: admins only (checked again), budget a whole number ≥ 0. */
export function registerConfigView(app: App, deps: AppDeps): void {
  app.view(CONFIG_CALLBACK, async ({ ack, view, body, client }) => {
    deps.metrics.slackAcks.inc({ kind: 'view' });
    const state = view.state.values as Record<
      string,
      Record<string, { value?: string | null; selected_conversation?: string | null }>
    >;
    const budgetText = state.daily_budget?.daily_budget?.value?.trim() ?? '';
    const channel = state.summary_channel?.summary_channel?.selected_conversation ?? null;
    if (budgetText !== '' && !/^\d+$/.test(budgetText)) {
      await ack({
        response_action: 'errors',
        errors: { daily_budget: 'Enter a whole number of points (0 or more), or leave it empty.' },
      });
      return;
    }
    // The form was opened only after the admin check, for this user: no Slack call before the ack.
    const meta = JSON.parse(view.private_metadata || '{}') as { admin?: string };
    if (meta.admin !== body.user.id) {
      await ack({
        response_action: 'errors',
        errors: { daily_budget: 'Only workspace admins can change these settings.' },
      });
      return;
    }
    await ack();
    const teamId = body.team?.id ?? view.team_id;
    try {
      await saveWorkspaceSettings(deps.store.db, {
        workspaceId: teamId,
        dailyBudgetPoints: budgetText === '' ? null : Number(budgetText),
        summaryChannel: channel,
        now: deps.clock(),
      });
      deps.logger.info(
        { team: teamId, user: body.user.id, budget: budgetText || null, channel },
        'settings changed',
      );
    } catch (err) {
      deps.logger.error({ err, team: teamId }, 'settings not saved');
      await client.chat
        .postMessage({
          channel: body.user.id,
          text: 'Your querydesk settings could not be saved (the database did not answer). Nothing changed; try /querydesk config again in a moment.',
        })
        .catch((e) => deps.logger.warn({ err: e }, 'could not tell the admin'));
    }
  });
}
