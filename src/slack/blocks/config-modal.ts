import type { types } from '@slack/bolt';
import { LOCALES, type Locale } from '../../i18n/locales.js';
import type { Translate } from '../../i18n/translator.js';
import { VIEW } from './ids.js';
import { LIMITS, mrkdwn, plain } from './limits.js';
import { numberInput } from './modal-inputs.js';
import { configMetadata } from './values.js';

export const CONFIG_CALLBACK = VIEW.config;

/**
 * `/querydesk config` (admins only): the workspace's daily budget, summary channel, who may spend
 * and, in many-workspace mode, its gateway token (write-only: only its last 4 characters show).
 */
export function configModal(opts: {
  /** Who the form was opened for, after the admin check: the submission must come from them. */
  adminUserId: string;
  budget?: number;
  summaryChannel?: string;
  defaults: string;
  /** Many-workspace mode: the write-only gateway token input, and what is stored now. */
  gatewayToken?: { last4?: string };
  paidChannels: string[];
  paidUsers: string[];
  /** The workspace's channel language, and the form's own words in the admin's language. */
  language: { current: Locale; t: Translate };
}): types.ModalView {
  const language = languageInput(opts.language);
  const paidIn: types.InputBlock = {
    type: 'input',
    block_id: 'paid_channels',
    optional: true,
    label: plain('Paid commands allowed in'),
    hint: plain(
      'Channels where paid look-ups (and payment-order look-ups) may run. Empty: anywhere.',
    ),
    element: {
      type: 'multi_conversations_select',
      action_id: 'paid_channels',
      max_selected_items: 100,
      ...(opts.paidChannels.length
        ? { initial_conversations: opts.paidChannels.slice(0, 100) }
        : {}),
    },
  };
  const paidFor: types.InputBlock = {
    type: 'input',
    block_id: 'paid_users',
    optional: true,
    label: plain('Paid commands allowed for'),
    hint: plain('People who may run paid look-ups (and payment-order look-ups). Empty: everyone.'),
    element: {
      type: 'multi_users_select',
      action_id: 'paid_users',
      max_selected_items: 100,
      ...(opts.paidUsers.length ? { initial_users: opts.paidUsers.slice(0, 100) } : {}),
    },
  };
  const token: types.InputBlock[] = opts.gatewayToken
    ? [
        {
          type: 'input',
          block_id: 'gateway_token',
          optional: true,
          label: plain('Gateway token'),
          hint: plain(
            opts.gatewayToken.last4
              ? `set · last 4: ${opts.gatewayToken.last4}. Enter a new one to replace it; leave empty to keep it.`
              : 'not set. This workspace’s gateway access token; it is stored encrypted and never shown again.',
          ),
          element: {
            type: 'plain_text_input',
            action_id: 'gateway_token',
            max_length: 500,
            placeholder: plain(
              opts.gatewayToken.last4 ? `set · last 4: ${opts.gatewayToken.last4}` : 'not set',
            ),
          },
        },
      ]
    : [];
  const channel: types.InputBlock = {
    type: 'input',
    block_id: 'summary_channel',
    optional: true,
    label: plain('Summary channel'),
    hint: plain(
      'Daily spend summary and the 80 % budget warning go here. Invite @querydesk to it.',
    ),
    element: {
      type: 'conversations_select',
      action_id: 'summary_channel',
      filter: { include: ['public', 'private'], exclude_bot_users: true },
      ...(opts.summaryChannel ? { initial_conversation: opts.summaryChannel } : {}),
    },
  };
  return {
    type: 'modal',
    callback_id: CONFIG_CALLBACK,
    title: plain('querydesk settings', LIMITS.viewTitle),
    submit: plain('Save'),
    close: plain('Cancel'),
    private_metadata: configMetadata(opts.adminUserId),
    blocks: [
      { type: 'context', elements: [mrkdwn(opts.defaults, 3000)] },
      numberInput({
        name: 'daily_budget',
        label: 'Daily budget (points)',
        hint: 'Paid look-ups stop once today’s spend reaches it; payment-order look-ups stay free. Empty: the default.',
        optional: true,
        min: 0,
        initial: opts.budget === undefined ? undefined : String(opts.budget),
      }),
      channel,
      paidIn,
      paidFor,
      language,
      ...token,
    ],
  };
}

/** The workspace's channel language: English or 简体中文, labelled in the admin's language. */
function languageInput(opts: { current: Locale; t: Translate }): types.InputBlock {
  const option = (value: Locale) => ({
    text: plain(opts.t(value === 'zh-CN' ? 'config.language.zhCN' : 'config.language.en')),
    value,
  });
  return {
    type: 'input',
    block_id: 'language',
    label: plain(opts.t('config.language.label')),
    hint: plain(opts.t('config.language.hint')),
    element: {
      type: 'static_select',
      action_id: 'language',
      options: LOCALES.map(option),
      initial_option: option(opts.current),
    },
  };
}
