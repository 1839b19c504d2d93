import type { types } from '@slack/bolt';
import { configMetadata } from '../values.js';
import { VIEW } from './ids.js';
import { LIMITS, plain, truncate } from './limits.js';
import { numberInput } from './modal-inputs.js';

export const CONFIG_CALLBACK = VIEW.config;

/** `/querydesk config`: the workspace's daily budget and summary channel (admins only). */
export function configModal(opts: {
  /** Who the form was opened for, after the admin check: the submission must come from them. */
  adminUserId: string;
  budget?: number;
  summaryChannel?: string;
  defaults: string;
}): types.ModalView {
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
      { type: 'context', elements: [{ type: 'mrkdwn', text: truncate(opts.defaults, 3000) }] },
      numberInput({
        name: 'daily_budget',
        label: 'Daily budget (points)',
        hint: 'Paid look-ups stop once today’s spend reaches it; payment-order look-ups stay free. Empty: the default.',
        optional: true,
        min: 0,
        initial: opts.budget === undefined ? undefined : String(opts.budget),
      }),
      channel,
    ],
  };
}
