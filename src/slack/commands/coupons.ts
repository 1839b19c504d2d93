import { z } from 'zod';
import { CouponsInput } from '../../gateway/operations/coupons.js';
import { dayArg, rule, wholeNumber } from '../args/index.js';
import { couponsCard } from '../blocks/coupons-card.js';
import { dateField, pageField, sizeField } from '../blocks/lookup-form.js';
import { type CouponsCard, couponsOf } from '../lookup/coupons-pages.js';
import { check, text } from './arg-rules.js';
import { lookupCommand } from './command.js';

/** Longest coupon window one command may ask for: at most five 7-day gateway calls. */
export const COUPON_MAX_DAYS = 35;
const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_TOO_LONG = rule({
  key: 'help.refusal.couponWindow',
  values: { days: String(COUPON_MAX_DAYS), calls: String(Math.ceil(COUPON_MAX_DAYS / 7)) },
});
const TO_BEFORE_FROM = rule({ key: 'help.refusal.toBeforeFrom' });

export const coupons = lookupCommand({
  name: '/coupons',
  usage: '<sid> [kind=takeout|flash] [from=YYYY-MM-DD] [to=YYYY-MM-DD] [page=N] [size=1..1000]',
  description: 'Delivery coupons claimed through a channel id',
  help: 'help.what.coupons',
  example: (x) => x.coupons.sid,
  positionals: ['sid'],
  options: ['kind', 'from', 'to', 'page', 'size'],
  schema: (timeZone) => {
    const day = dayArg(timeZone);
    return z
      .object({
        sid: text,
        kind: text.optional(),
        from: day.optional(),
        to: day.optional(),
        page: wholeNumber(1).optional(),
        size: wholeNumber(0).optional(),
      })
      .transform((a, ctx) => {
        // Default window: the last 7 days up to now (filled in by the caller's clock when absent).
        const start = a.from?.start;
        // `to` is inclusive, and the gateway's window includes its end: the day's last second.
        const end = a.to ? new Date(a.to.end.getTime() - 1000) : undefined;
        if (start && end && end.getTime() - start.getTime() > COUPON_MAX_DAYS * DAY_MS) {
          ctx.addIssue({ code: 'custom', path: ['to'], ...WINDOW_TOO_LONG });
          return z.NEVER;
        }
        if (start && end && end <= start) {
          ctx.addIssue({ code: 'custom', path: ['to'], ...TO_BEFORE_FROM });
          return z.NEVER;
        }
        // The per-call rules (sid, kind, page, size) checked on a window that is surely valid;
        // each real ≤ 7-day window is validated again by the client before it is sent.
        const probe = check(
          CouponsInput,
          {
            sid: a.sid,
            kind: a.kind,
            start: new Date(0),
            end: new Date(DAY_MS),
            page: a.page,
            limit: a.size,
          },
          ctx,
          { kind: 'kind', limit: 'size', start: 'from', end: 'to' },
        );
        if (probe === z.NEVER) return z.NEVER;
        return {
          sid: probe.sid,
          kind: probe.kind,
          start,
          end,
          page: probe.page,
          limit: probe.limit,
        };
      });
  },
  form: {
    title: 'lookup.form.coupons.title',
    intro: 'lookup.form.coupons.intro',
    fields: {
      sid: { kind: 'text', label: 'lookup.form.coupons.sid', maxLength: 200 },
      kind: {
        kind: 'radio',
        label: 'lookup.form.coupons.kind',
        optional: true,
        choices: [
          { value: 'takeout', text: 'lookup.form.coupons.kind.takeout' },
          { value: 'flash', text: 'lookup.form.coupons.kind.flash' },
        ],
        fallback: 'takeout',
      },
      from: dateField('lookup.form.from'),
      to: dateField('lookup.form.to'),
      page: pageField,
      size: sizeField('lookup.form.coupons.size', 1000),
    },
  },
  card: {
    kind: 'coupons',
    shared: (c: CouponsCard, opts) =>
      couponsCard({ ...c.view, prevValue: undefined, nextValue: undefined }, opts),
  },
  run: (deps, args, who) => couponsOf(deps).run(args, who),
});
