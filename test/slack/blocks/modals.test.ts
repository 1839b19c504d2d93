import type { types, ViewOutput } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../../src/slack/blocks/format.js';
import { checkView } from '../../../src/slack/blocks/limits.js';
import { UNSET_OPTION } from '../../../src/slack/blocks/modal-inputs.js';
import { readModalValues } from '../../../src/slack/blocks/modal-values.js';
import { COMMANDS } from '../../../src/slack/commands/index.js';

// Each lookup's form, drawn by the one form builder (blocks/lookup-form.ts) from its command.
const payOrderModal = (o: { privateMetadata: string }) =>
  COMMANDS['/payorder'].modal.build(o.privateMetadata, ENGLISH);
const shopOrdersModal = (o: { privateMetadata: string; initial?: Record<string, string> }) =>
  COMMANDS['/shoporders'].modal.build(o.privateMetadata, ENGLISH, o.initial);
const accountModal = (o: { privateMetadata: string }) =>
  COMMANDS['/account'].modal.build(o.privateMetadata, ENGLISH);
const couponsModal = (o: { privateMetadata: string }) =>
  COMMANDS['/coupons'].modal.build(o.privateMetadata, ENGLISH);
const punishmentsModal = (o: { privateMetadata: string }) =>
  COMMANDS['/punishments'].modal.build(o.privateMetadata, ENGLISH);

const meta = JSON.stringify({ channel: 'C123', responseUrl: 'https://hooks.slack.test/x' });

function inputs(view: types.ModalView): types.InputBlock[] {
  return view.blocks.filter((b): b is types.InputBlock => b.type === 'input');
}

function names(view: types.ModalView): string[] {
  return inputs(view).map((b) => `${b.block_id}:${b.element.action_id}`);
}

function optional(view: types.ModalView): string[] {
  return inputs(view).flatMap((b) => (b.optional ? [b.block_id ?? ''] : []));
}

const modals = [
  [payOrderModal({ privateMetadata: meta }), 'qd_payorder_modal'],
  [shopOrdersModal({ privateMetadata: meta }), 'qd_shoporders_modal'],
  [accountModal({ privateMetadata: meta }), 'qd_account_modal'],
  [couponsModal({ privateMetadata: meta }), 'qd_coupons_modal'],
  [punishmentsModal({ privateMetadata: meta }), 'qd_punishments_modal'],
] as const;

describe('lookup modals', () => {
  it.each(modals)('%#: is a valid modal with Look up / Cancel and its callback id', (view, id) => {
    expect(checkView(view)).toEqual([]);
    expect(view.callback_id).toBe(id);
    expect(view.submit?.text).toBe('Look up');
    expect(view.close?.text).toBe('Cancel');
    expect(view.private_metadata).toBe(meta);
  });

  it('names every input after the command option it fills', () => {
    expect(names(payOrderModal({ privateMetadata: '' }))).toEqual([
      'order_number:order_number',
      'merchant_num:merchant_num',
      'type:type',
    ]);
    expect(names(shopOrdersModal({ privateMetadata: '' })).map((n) => n.split(':')[0])).toEqual([
      'owner_id',
      'page',
      'size',
      'edition',
      'from',
      'to',
      'remark',
      'tag',
      'instead',
      'every',
    ]);
    expect(optional(shopOrdersModal({ privateMetadata: '' }))).toEqual([
      'page',
      'size',
      'edition',
      'from',
      'to',
      'remark',
      'tag',
      'instead',
      'every',
    ]);
    expect(optional(accountModal({ privateMetadata: '' }))).toEqual([
      'media_mark',
      'phone',
      'session',
    ]);
    expect(names(couponsModal({ privateMetadata: '' })).map((n) => n.split(':')[0])).toEqual([
      'sid',
      'kind',
      'from',
      'to',
      'page',
      'size',
    ]);
    expect(names(punishmentsModal({ privateMetadata: '' })).map((n) => n.split(':')[0])).toEqual([
      'platform_user_id',
      'from',
      'span',
      'relation',
      'trade',
      'site',
      'adzone',
      'page',
      'size',
    ]);
  });

  it('tells the account form needs at least one identifier', () => {
    const hints = inputs(accountModal({ privateMetadata: '' })).map((b) => b.hint?.text);

    expect(hints.every((h) => h?.includes('at least one'))).toBe(true);
  });

  it('pre-selects "Try both" and keeps bounds on number inputs', () => {
    const pay = inputs(payOrderModal({ privateMetadata: '' }));
    const shop = inputs(shopOrdersModal({ privateMetadata: '' }));

    const type = pay[2]?.element;
    const size = shop[2]?.element;
    expect(type?.type === 'radio_buttons' && type.initial_option?.value).toBe(UNSET_OPTION);
    expect(size?.type === 'number_input' && [size.min_value, size.max_value]).toEqual(['1', '100']);
  });

  it('fills initial values and drops ones Slack would refuse', () => {
    const view = shopOrdersModal({
      privateMetadata: '',
      initial: {
        owner_id: 'owner-9',
        size: '500',
        page: '3',
        edition: 'ordinary',
        from: '2024-05-01',
        to: 'soon',
        tag: '4',
      },
    });

    const els = inputs(view).map((b) => b.element);
    expect(checkView(view)).toEqual([]);
    expect(els[0]).toMatchObject({ initial_value: 'owner-9' });
    expect(els[1]).toMatchObject({ initial_value: '3' });
    expect(els[2]).not.toHaveProperty('initial_value');
    expect(els[3]).toMatchObject({ initial_option: { value: 'ordinary' } });
    expect(els[4]).toMatchObject({ initial_date: '2024-05-01' });
    expect(els[5]).not.toHaveProperty('initial_date');
    expect(els[7]).toMatchObject({ initial_option: { value: '4' } });
  });
});

describe('readModalValues', () => {
  it('flattens a submission into the slash command options, skipping empty ones', () => {
    const state = {
      owner_id: { owner_id: { type: 'plain_text_input', value: ' owner-9 ' } },
      page: { page: { type: 'number_input', value: '2' } },
      size: { size: { type: 'number_input', value: null } },
      edition: {
        edition: {
          type: 'radio_buttons',
          selected_option: { text: { type: 'plain_text', text: 'Enhanced' }, value: 'enhanced' },
        },
      },
      from: { from: { type: 'datepicker', selected_date: '2024-05-01' } },
      to: { to: { type: 'datepicker', selected_date: null } },
      remark: { remark: { type: 'plain_text_input', value: '' } },
      tag: { tag: { type: 'static_select', selected_option: null } },
    };

    expect(readModalValues(state)).toEqual({
      owner_id: 'owner-9',
      page: '2',
      edition: 'enhanced',
      from: '2024-05-01',
    });
  });

  it('reads the state type Bolt hands a view_submission listener', () => {
    const read = (view: ViewOutput) => readModalValues(view.state.values);

    expect(
      read({
        state: { values: { sid: { sid: { type: 'plain_text_input', value: 's1' } } } },
      } as unknown as ViewOutput),
    ).toEqual({ sid: 's1' });
  });

  it('leaves out "Try both" so the command tries both numbers', () => {
    const state = {
      order_number: { order_number: { type: 'plain_text_input', value: 'P1' } },
      merchant_num: { merchant_num: { type: 'plain_text_input', value: 'M1' } },
      type: { type: { type: 'radio_buttons', selected_option: { value: UNSET_OPTION } } },
    };

    expect(readModalValues(state)).toEqual({ order_number: 'P1', merchant_num: 'M1' });
  });
});
