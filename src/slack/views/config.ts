import { saveWorkspaceSettings } from '../../store/index.js';
import { CONFIG_CALLBACK } from '../blocks/config-modal.js';
import { FORM_OUT_OF_DATE, readConfigMetadata, readStateValues } from '../values.js';
import type { ViewDef } from './view.js';

/** Saving the settings modal: admins only (checked again), budget a whole number ≥ 0. */
export const configView: ViewDef = {
  callbackId: CONFIG_CALLBACK,
  async handle({ ack, view, body, client }, deps) {
    const state = readStateValues(view.state.values);
    const meta = readConfigMetadata(view.private_metadata);
    if (!state || !meta) {
      await ack({ response_action: 'errors', errors: { daily_budget: FORM_OUT_OF_DATE } });
      return;
    }
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
  },
};
