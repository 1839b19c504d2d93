import { z } from 'zod';
import { AccountDataInput } from '../../gateway/operations/account-data.js';
import { CouponsInput } from '../../gateway/operations/coupons.js';
import { PayOrderInput, PayOrderNumberKind } from '../../gateway/operations/pay-order.js';
import { PunishmentsInput } from '../../gateway/operations/punishments.js';
import { QrCreateInput } from '../../gateway/operations/qr-create.js';
import { ShopOrdersInput } from '../../gateway/operations/shop-orders.js';
import { instantToWallClock } from '../../gateway/time.js';
import { dayArg, defineCommand, wholeNumber } from '../args.js';

/** Longest coupon window one command may ask for: at most five 7-day gateway calls. */
export const COUPON_MAX_DAYS = 35;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The command option that feeds each gateway input field, so errors name what the person typed. */
const FIELD_TO_OPTION: Record<string, string> = {
  orderNumber: 'order_number',
  merchantNum: 'merchant_num',
  kind: 'type',
  ownerId: 'owner_id',
  pageSize: 'size',
  limit: 'size',
  start: 'from',
  end: 'to',
  remarkTag: 'tag',
  mediaMark: 'media_mark',
  sessionId: 'session',
  platformUserId: 'platform_user_id',
  relationId: 'relation',
  tradeId: 'trade',
  siteId: 'site',
  adzoneId: 'adzone',
  landingPage: 'landing',
};

/** Re-reports the operation's own rule violations on the command's object, under option names. */
function check<T>(
  schema: z.ZodType<T>,
  value: unknown,
  ctx: z.RefinementCtx,
  options: Record<string, string> = {},
): T | typeof z.NEVER {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  for (const issue of r.error.issues) {
    const field = String(issue.path[0] ?? '');
    const option = options[field] ?? FIELD_TO_OPTION[field];
    ctx.addIssue({ code: 'custom', message: issue.message, path: option ? [option] : issue.path });
  }
  return z.NEVER;
}

// A form leaves an empty field out entirely: say "required", not "expected string".
const text = z.string({
  error: (iss) => (iss.input === undefined ? 'this field is required' : 'must be text'),
});

/**
 * Every slash command's arguments. Each schema ends in the gateway operation's own input schema,
 * so a rule (page size, span, windows) is written once, in gateway/operations.
 */
export function commandSpecs(timeZone: string) {
  const day = dayArg(timeZone);
  const wall = (d: Date) => instantToWallClock(d, timeZone);

  const payorder = defineCommand({
    name: '/payorder',
    usage: '<order_number> <merchant_num> [type=platform|merchant]',
    positionals: ['order_number', 'merchant_num'],
    options: ['type'],
    schema: z
      .object({
        order_number: text,
        merchant_num: text,
        type: z
          .enum(['platform', 'merchant'], { error: 'type must be platform or merchant' })
          .optional(),
      })
      .transform((a, ctx) => {
        const checked = check(
          PayOrderInput.extend({ kind: PayOrderNumberKind.optional() }),
          { orderNumber: a.order_number, merchantNum: a.merchant_num, kind: a.type },
          ctx,
        );
        return checked;
      }),
  });

  const shoporders = defineCommand({
    name: '/shoporders',
    usage:
      '<owner_id> [page=N] [size=1..100] [edition=enhanced|ordinary] [from=YYYY-MM-DD] [to=YYYY-MM-DD] [remark=TEXT] [tag=1..5]',
    positionals: ['owner_id'],
    options: ['page', 'size', 'edition', 'from', 'to', 'remark', 'tag'],
    schema: z
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
        ),
      ),
  });

  const account = defineCommand({
    name: '/account',
    usage: '<media_mark> | phone=N | session=ID (combinable)',
    positionals: ['media_mark'],
    options: ['phone', 'session'],
    schema: z
      .object({ media_mark: text.optional(), phone: text.optional(), session: text.optional() })
      .transform((a, ctx) =>
        check(
          AccountDataInput,
          { mediaMark: a.media_mark, phone: a.phone, sessionId: a.session },
          ctx,
        ),
      ),
  });

  const coupons = defineCommand({
    name: '/coupons',
    usage: '<sid> [kind=takeout|flash] [from=YYYY-MM-DD] [to=YYYY-MM-DD] [page=N] [size=1..1000]',
    positionals: ['sid'],
    options: ['kind', 'from', 'to', 'page', 'size'],
    schema: z
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
          ctx.addIssue({
            code: 'custom',
            path: ['to'],
            message: `the window may be at most ${COUPON_MAX_DAYS} days (${Math.ceil(COUPON_MAX_DAYS / 7)} paid gateway calls)`,
          });
          return z.NEVER;
        }
        if (start && end && end <= start) {
          ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
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
          { kind: 'kind' },
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
      }),
  });

  const punishments = defineCommand({
    name: '/punishments',
    usage:
      '<platform_user_id> [from=YYYY-MM-DD] [span=1..30] [relation=ID] [trade=ID] [site=ID] [adzone=ID] [page=N] [size=N]',
    positionals: ['platform_user_id'],
    options: ['from', 'span', 'relation', 'trade', 'site', 'adzone', 'page', 'size'],
    schema: z
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
            start: a.from ? wall(a.from.start) : undefined,
            span: a.span,
            relationId: a.relation,
            tradeId: a.trade,
            siteId: a.site,
            adzoneId: a.adzone,
            page: a.page ?? 1,
            pageSize: a.size ?? 20,
          },
          ctx,
        ),
      ),
  });

  const qr = defineCommand({
    name: '/qr',
    usage: '<media_mark> [landing=PAGE]',
    positionals: ['media_mark'],
    options: ['landing'],
    schema: z
      .object({ media_mark: text, landing: text.optional() })
      .transform((a, ctx) =>
        check(QrCreateInput, { mediaMark: a.media_mark, landingPage: a.landing }, ctx),
      ),
  });

  return { payorder, shoporders, account, coupons, punishments, qr };
}

export type CommandSpecs = ReturnType<typeof commandSpecs>;
