import { z } from 'zod';
import { ShopOrdersInput } from '../../gateway/operations/shop-orders.js';
import { instantToWallClock } from '../../gateway/time.js';
import { dayArg, wholeNumber } from '../args/index.js';
import { dateField, pageField, sizeField } from '../blocks/lookup-form.js';
import { UNSET_OPTION } from '../blocks/modal-inputs.js';
import { shopOrdersCard } from '../blocks/shop-orders-card.js';
import { type ShopOrdersCard, shopOrdersOf } from '../lookup/shop-orders-pages.js';
import { SUBSCRIBE_INSTEAD, subscribeInstead } from '../subscriptions/subscribe-form.js';
import { check, text } from './arg-rules.js';
import { lookupCommand } from './command.js';

export const shoporders = lookupCommand({
  name: '/shoporders',
  usage:
    '<owner_id> [page=N] [size=1..100] [edition=enhanced|ordinary] [from=YYYY-MM-DD] [to=YYYY-MM-DD] [remark=TEXT] [tag=1..5]',
  description: "A shop's sold orders, paged",
  help: 'help.what.shoporders',
  example: (x) => x.shopOrders.ownerId,
  positionals: ['owner_id'],
  options: ['page', 'size', 'edition', 'from', 'to', 'remark', 'tag'],
  schema: (timeZone) => {
    const day = dayArg(timeZone);
    const wall = (d: Date) => instantToWallClock(d, timeZone);
    return z
      .object({
        owner_id: text,
        page: wholeNumber(1).optional(),
        size: wholeNumber(0).optional(),
        edition: text.optional(),
        from: day.optional(),
        to: day.optional(),
        remark: text.optional(),
        tag: wholeNumber(0).optional(),
      })
      .transform((a, ctx) =>
        check(
          ShopOrdersInput,
          {
            ownerId: a.owner_id,
            edition: a.edition,
            // Human page 1 is the gateway's page 0.
            page: a.page === undefined ? undefined : a.page - 1,
            pageSize: a.size,
            start: a.from ? wall(a.from.start) : undefined,
            // `to` is inclusive: up to the last second of that day.
            end: a.to ? wall(new Date(a.to.end.getTime() - 1000)) : undefined,
            remark: a.remark,
            remarkTag: a.tag,
          },
          ctx,
          { ownerId: 'owner_id', pageSize: 'size', start: 'from', end: 'to', remarkTag: 'tag' },
        ),
      );
  },
  form: {
    title: 'lookup.form.shoporders.title',
    intro: 'lookup.form.shoporders.intro',
    fields: {
      owner_id: { kind: 'text', label: 'lookup.form.shoporders.owner', maxLength: 200 },
      page: pageField,
      size: sizeField('lookup.form.shoporders.size', 100),
      edition: {
        kind: 'radio',
        label: 'lookup.form.shoporders.edition',
        optional: true,
        choices: [
          { value: 'enhanced', text: 'lookup.form.shoporders.edition.enhanced' },
          { value: 'ordinary', text: 'lookup.form.shoporders.edition.ordinary' },
        ],
        fallback: 'enhanced',
      },
      from: dateField('lookup.form.from'),
      to: dateField('lookup.form.to'),
      remark: {
        kind: 'text',
        label: 'lookup.form.shoporders.remark',
        optional: true,
        maxLength: 200,
      },
      tag: {
        kind: 'select',
        label: 'lookup.form.shoporders.tag',
        optional: true,
        choices: ['1', '2', '3', '4', '5'].map((v) => ({
          value: v,
          text: { key: 'lookup.form.shoporders.tagN', values: { n: v } },
        })),
      },
    },
    more: {
      [SUBSCRIBE_INSTEAD.field]: {
        kind: 'radio',
        label: 'lookup.form.shoporders.instead',
        optional: true,
        choices: [
          { value: UNSET_OPTION, text: 'lookup.form.shoporders.instead.list' },
          { value: SUBSCRIBE_INSTEAD.value, text: 'lookup.form.shoporders.instead.subscribe' },
        ],
        fallback: UNSET_OPTION,
      },
      every: {
        kind: 'text',
        label: 'lookup.form.shoporders.every',
        hint: 'lookup.form.shoporders.everyHint',
        optional: true,
        maxLength: 10,
        placeholder: 'lookup.form.shoporders.everyPlaceholder',
      },
    },
  },
  formChoice: subscribeInstead,
  card: {
    kind: 'shopOrders',
    shared: (c: ShopOrdersCard, opts) =>
      shopOrdersCard(
        { ...c.view, prevValue: undefined, nextValue: undefined, filterValue: undefined },
        opts,
      ),
  },
  run: (deps, input, who) => shopOrdersOf(deps).run(input, who),
});
