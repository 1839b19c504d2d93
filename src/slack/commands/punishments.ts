import { z } from 'zod';
import { PunishmentsInput } from '../../gateway/operations/punishments.js';
import { instantToWallClock } from '../../gateway/time.js';
import { dayArg, wholeNumber } from '../args/index.js';
import {
  dateField,
  type FormField,
  pageField,
  sizeField,
  type Words,
} from '../blocks/lookup-form.js';
import { punishmentsCard } from '../blocks/punishments-card.js';
import { type PunishmentsCard, punishmentsOf } from '../lookup/punishments-pages.js';
import { check, text } from './arg-rules.js';
import { lookupCommand } from './command.js';

const digits = (label: Words): FormField => ({
  kind: 'text',
  label,
  optional: true,
  maxLength: 40,
  placeholder: 'lookup.form.digitsOnly',
});

export const punishments = lookupCommand({
  name: '/punishments',
  usage:
    '<platform_user_id> [from=YYYY-MM-DD] [span=1..30] [relation=ID] [trade=ID] [site=ID] [adzone=ID] [page=N] [size=N]',
  description: 'Affiliate punishment orders of an authorized user',
  help: 'help.what.punishments',
  example: (x) => x.punishments.platformUserId,
  positionals: ['platform_user_id'],
  options: ['from', 'span', 'relation', 'trade', 'site', 'adzone', 'page', 'size'],
  schema: (timeZone) => {
    const day = dayArg(timeZone);
    return z
      .object({
        platform_user_id: text,
        from: day.optional(),
        span: wholeNumber(0).optional(),
        relation: text.optional(),
        trade: text.optional(),
        site: text.optional(),
        adzone: text.optional(),
        page: wholeNumber(1).optional(),
        size: wholeNumber(0).optional(),
      })
      .transform((a, ctx) =>
        check(
          PunishmentsInput,
          {
            platformUserId: a.platform_user_id,
            start: a.from ? instantToWallClock(a.from.start, timeZone) : undefined,
            span: a.span,
            relationId: a.relation,
            tradeId: a.trade,
            siteId: a.site,
            adzoneId: a.adzone,
            page: a.page ?? 1,
            pageSize: a.size ?? 20,
          },
          ctx,
          {
            platformUserId: 'platform_user_id',
            start: 'from',
            relationId: 'relation',
            tradeId: 'trade',
            siteId: 'site',
            adzoneId: 'adzone',
            pageSize: 'size',
          },
        ),
      );
  },
  form: {
    title: 'lookup.form.punishments.title',
    intro: 'lookup.form.punishments.intro',
    fields: {
      platform_user_id: { kind: 'text', label: 'lookup.form.punishments.user', maxLength: 40 },
      from: dateField('lookup.form.from', 'lookup.form.punishments.fromHint'),
      span: {
        kind: 'number',
        label: 'lookup.form.punishments.span',
        optional: true,
        min: 1,
        max: 30,
      },
      relation: digits('lookup.form.punishments.relation'),
      trade: digits('lookup.form.punishments.trade'),
      site: digits('lookup.form.punishments.site'),
      adzone: digits('lookup.form.punishments.adzone'),
      page: pageField,
      size: sizeField('lookup.form.punishments.size', 100),
    },
  },
  card: {
    kind: 'punishments',
    shared: (c: PunishmentsCard, opts) =>
      punishmentsCard({ ...c.view, prevValue: undefined, nextValue: undefined }, opts),
  },
  run: (deps, input, who) => punishmentsOf(deps).run(input, who),
});
