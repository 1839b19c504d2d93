import type { types } from '@slack/bolt';
import { LOCALES, type Locale } from '../../i18n/locales.js';
import type { Translate } from '../../i18n/translator.js';
import { VIEW } from './ids.js';
import { LIMITS, mrkdwn, plain } from './limits.js';
import { numberInput, usersSelect } from './modal-inputs.js';
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
  /** Approval for costly work: above how many points (undefined: never), and who approves. */
  approval?: { above?: number; approvers: string[] };
}): types.ModalView {
  const { t } = opts.language;
  const language = languageInput(opts.language);
  const paidIn: types.InputBlock = {
    type: 'input',
    block_id: 'paid_channels',
    optional: true,
    label: plain(t('config.paidIn.label')),
    hint: plain(t('config.paidIn.hint')),
    element: {
      type: 'multi_conversations_select',
      action_id: 'paid_channels',
      max_selected_items: 100,
      ...(opts.paidChannels.length
        ? { initial_conversations: opts.paidChannels.slice(0, 100) }
        : {}),
    },
  };
  const paidFor = usersSelect({
    name: 'paid_users',
    label: t('config.paidFor.label'),
    hint: t('config.paidFor.hint'),
    optional: true,
    initial: opts.paidUsers,
  });
  const token = opts.gatewayToken ? [tokenInput(opts.gatewayToken.last4, t)] : [];
  const channel: types.InputBlock = {
    type: 'input',
    block_id: 'summary_channel',
    optional: true,
    label: plain(t('config.summary.label')),
    hint: plain(t('config.summary.hint')),
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
    title: plain(t('config.title'), LIMITS.viewTitle),
    submit: plain(t('config.save'), LIMITS.viewButton),
    close: plain(t('config.cancel'), LIMITS.viewButton),
    private_metadata: configMetadata(opts.adminUserId),
    blocks: [
      { type: 'context', elements: [mrkdwn(opts.defaults, 3000)] },
      numberInput({
        name: 'daily_budget',
        label: t('config.budget.label'),
        hint: t('config.budget.hint'),
        optional: true,
        min: 0,
        initial: opts.budget === undefined ? undefined : String(opts.budget),
      }),
      channel,
      paidIn,
      paidFor,
      ...approvalInputs(opts.approval ?? { approvers: [] }, t),
      language,
      ...token,
    ],
  };
}

/** "Approval needed above" (points; empty: never) and "Approvers" (empty: admins and owners). */
function approvalInputs(
  a: { above?: number; approvers: string[] },
  t: Translate,
): types.InputBlock[] {
  return [
    numberInput({
      name: 'approval_above',
      label: t('approvals.config.above.label'),
      hint: t('approvals.config.above.hint'),
      optional: true,
      min: 0,
      initial: a.above === undefined ? undefined : String(a.above),
    }),
    usersSelect({
      name: 'approvers',
      label: t('approvals.config.approvers.label'),
      hint: t('approvals.config.approvers.hint'),
      optional: true,
      initial: a.approvers,
    }),
  ];
}

/** Many-workspace mode: the write-only gateway token; only its last 4 characters ever show. */
function tokenInput(last4: string | undefined, t: Translate): types.InputBlock {
  return {
    type: 'input',
    block_id: 'gateway_token',
    optional: true,
    label: plain(t('config.token.label')),
    hint: plain(last4 ? t('config.token.hintSet', { last4 }) : t('config.token.hintNotSet')),
    element: {
      type: 'plain_text_input',
      action_id: 'gateway_token',
      max_length: 500,
      placeholder: plain(last4 ? t('config.token.set', { last4 }) : t('config.token.notSet')),
    },
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
