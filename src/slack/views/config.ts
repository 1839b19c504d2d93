import { isLocale } from '../../i18n/locales.js';
import { translator } from '../../i18n/translator.js';
import { saveWorkspaceSettings } from '../../store/index.js';
import { CONFIG_CALLBACK } from '../blocks/config-modal.js';
import { readConfigMetadata, readStateValues } from '../blocks/values.js';
import { checkGatewayToken, TOKEN_VERDICT_TEXT } from '../settings/gateway-token-check.js';
import { personLocale } from '../settings/language.js';
import { isAdmin } from '../settings/querydesk-config.js';
import type { ViewDef } from './view.js';

/**
 * Saving the settings modal: admins only (the form was opened for this admin, and users.info is
 * asked again after the ack, before anything is saved); budget a whole number ≥ 0; a new gateway
 * token is sealed, checked with one free call, and the admin is told the verdict by DM.
 */
export const configView: ViewDef = {
  callbackId: CONFIG_CALLBACK,
  async handle({ ack, view, body, client }, deps) {
    const state = readStateValues(view.state.values);
    const meta = readConfigMetadata(view.private_metadata);
    // Inline errors are the ack itself: the admin's language only if it is already in memory
    // (no lookup may run before the ack), else English.
    const teamId = body.team?.id ?? view.team_id;
    const inAck = translator(deps.locales.knownLocale(teamId, body.user.id) ?? 'en');
    if (!state || !meta) {
      const errors = { daily_budget: inAck('help.refusal.formOutOfDate') };
      await ack({ response_action: 'errors', errors });
      return;
    }
    const budgetText = state.daily_budget?.daily_budget?.value?.trim() ?? '';
    const channel = state.summary_channel?.summary_channel?.selected_conversation ?? null;
    const paidChannels = state.paid_channels?.paid_channels?.selected_conversations ?? [];
    const paidUsers = state.paid_users?.paid_users?.selected_users ?? [];
    const token = state.gateway_token?.gateway_token?.value?.trim() ?? '';
    const aboveText = state.approval_above?.approval_above?.value?.trim() ?? '';
    const approvers = state.approvers?.approvers?.selected_users ?? [];
    const languageValue = state.language?.language?.selected_option?.value ?? '';
    const language = isLocale(languageValue) ? languageValue : undefined;
    if (budgetText !== '' && !/^\d+$/.test(budgetText)) {
      await ack({
        response_action: 'errors',
        errors: { daily_budget: inAck('help.refusal.config.budget') },
      });
      return;
    }
    if (aboveText !== '' && !/^\d{1,15}$/.test(aboveText)) {
      await ack({
        response_action: 'errors',
        errors: { approval_above: inAck('approvals.config.above.invalid') },
      });
      return;
    }
    if (token !== '' && (token.length < 8 || /\s/.test(token))) {
      await ack({
        response_action: 'errors',
        errors: { gateway_token: inAck('help.refusal.config.token') },
      });
      return;
    }
    // The form was opened only after the admin check, for this user: no Slack call before the ack.
    if (meta.admin !== body.user.id) {
      await ack({
        response_action: 'errors',
        errors: { daily_budget: inAck('help.refusal.config.notAdmin') },
      });
      return;
    }
    await ack();
    const tell = (text: string) =>
      client.chat
        .postMessage({ channel: body.user.id, text })
        .catch((e) => deps.logger.warn({ err: e }, 'could not tell the admin'));
    // What the admin is told by DM is theirs alone: in their language, read after the ack. When
    // the store cannot say (the very failure "not saved" reports), English still tells them.
    const locale = await personLocale(deps, client, teamId, body.user.id).catch(
      () => 'en' as const,
    );
    const t = translator(locale);
    try {
      // Checked again at submit: someone demoted since the form opened saves nothing.
      if (!(await isAdmin(client, body.user.id))) {
        deps.logger.warn({ team: teamId, user: body.user.id }, 'settings refused: not an admin');
        await tell(t('config.notSavedNotAdmin'));
        return;
      }
      const withToken = token !== '' && deps.config.mode === 'oauth';
      await saveWorkspaceSettings(deps.store.db, {
        workspaceId: teamId,
        dailyBudgetPoints: budgetText === '' ? null : Number(budgetText),
        summaryChannel: channel,
        paidChannels,
        paidUsers,
        approvalAbove: aboveText === '' ? null : Number(aboveText),
        approvers,
        ...(language ? { language } : {}),
        ...(withToken
          ? {
              gatewayToken: {
                sealed: deps.settings.sealGatewayToken(teamId, token),
                last4: token.slice(-4),
              },
            }
          : {}),
        now: deps.clock(),
      });
      deps.store.settings.changed(teamId);
      deps.logger.info(
        {
          team: teamId,
          user: body.user.id,
          budget: budgetText || null,
          channel,
          paidChannels: paidChannels.length,
          paidUsers: paidUsers.length,
          approvalAbove: aboveText || null,
          approvers: approvers.length,
          language,
          gatewayTokenChanged: withToken,
        },
        'settings changed',
      );
      if (withToken) {
        const verdict = await checkGatewayToken(deps, token, { teamId, userId: body.user.id });
        await tell(t('config.savedWith', { verdict: t(TOKEN_VERDICT_TEXT[verdict]) }));
      }
    } catch (err) {
      deps.logger.error({ err, team: teamId }, 'settings not saved');
      await tell(t('config.notSaved'));
    }
  },
};
