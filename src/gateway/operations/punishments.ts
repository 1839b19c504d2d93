import { z } from 'zod';
import type { OperationDef } from '../operation.js';
import { digitString, intBetween, wallClockText } from './input-rules.js';
import { compactWire, looseCount } from './loose-values.js';
import {
  optionalCode,
  optionalText,
  type PunishmentOrder,
  punishmentRows,
} from './punishment-records.js';
import { looseInt } from './schema-helpers.js';

export const PunishmentsInput = z.strictObject({
  platformUserId: digitString('platform user id'),
  /** Wall clock in the gateway zone, counted from the affiliate order creation time. */
  start: wallClockText('start').optional(),
  span: intBetween('span', 1, 30).optional(),
  relationId: digitString('relation id').optional(),
  tradeId: digitString('trade id').optional(),
  siteId: digitString('site id').optional(),
  adzoneId: digitString('adzone id').optional(),
  page: intBetween('page', 1).optional(),
  pageSize: intBetween('page size', 1, 100).optional(),
});
export type PunishmentsInput = z.infer<typeof PunishmentsInput>;

export interface PunishmentPage {
  rows: PunishmentOrder[];
  page: { pageNo: number; pageSize: number; totalCount: number };
  bizErrorCode?: number;
  bizErrorDesc?: string;
  resultCode?: number;
  resultMsg?: string;
  charge: number;
}

/**
 * The document types these ids as Number, but they can exceed 2^53: a safe integer goes as a JSON
 * number, a larger one as its digit string so no digit is lost.
 */
export function wireId(digits: string | undefined): number | string | undefined {
  if (digits === undefined) return undefined;
  const n = Number(digits);
  // A leading zero would be lost in a number; such an id keeps its text too.
  return Number.isSafeInteger(n) && String(n) === digits ? n : digits;
}

/** The affiliate response member's name is not fixed: take the shallowest object with `result`. */
export function findAffiliateResponse(data: unknown): unknown {
  let level: unknown[] = [data];
  for (let depth = 0; depth < 4 && level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const node of level) {
      if (!node || typeof node !== 'object') continue;
      if (
        !Array.isArray(node) &&
        'result' in node &&
        node.result &&
        typeof node.result === 'object'
      )
        return node;
      next.push(...Object.values(node));
    }
    level = next;
  }
  throw new Error('no affiliate response with a result member in the punishment answer');
}

function punishmentPage(zone: string, charge: number) {
  const resultData = z.looseObject({
    results: punishmentRows(zone),
    page_no: looseCount,
    page_size: looseCount,
    total_count: looseCount,
  });
  return z
    .looseObject({
      result: z.looseObject({
        data: resultData.nullish(),
        biz_error_code: optionalCode,
        biz_error_desc: optionalText,
        result_code: optionalCode,
        result_msg: optionalText,
      }),
    })
    .transform(({ result: r }): PunishmentPage => {
      const rows = r.data?.results ?? [];
      return {
        rows,
        page: {
          pageNo: r.data?.page_no ?? 1,
          pageSize: r.data?.page_size ?? rows.length,
          totalCount: r.data?.total_count ?? rows.length,
        },
        bizErrorCode: r.biz_error_code,
        bizErrorDesc: r.biz_error_desc,
        resultCode: r.result_code,
        resultMsg: r.result_msg,
        charge,
      };
    });
}

const chargeOf = z.looseObject({ withholding_money: looseInt.catch(0) }).catch({
  withholding_money: 0,
});

export const punishments = {
  name: 'punishments',
  number: 5,
  title: 'Query affiliate punishment orders',
  method: 'POST',
  path: '/papi/tool/affiliate/affpunishorder',
  encoding: 'json',
  paid: true,
  input: PunishmentsInput,
  // Filters at the top level, as the request samples send them (never inside af_order_option);
  // plat_trade_parent_id, special_id, violation_type and punish_status are never sent.
  toWire: (i) =>
    compactWire({
      platform_user_id: wireId(i.platformUserId),
      start_time: i.start,
      span: i.span,
      relation_id: wireId(i.relationId),
      plat_trade_id: wireId(i.tradeId),
      site_id: wireId(i.siteId),
      adzone_id: wireId(i.adzoneId),
      page_no: i.page,
      page_size: i.pageSize,
    }),
  parse: (data, ctx) =>
    punishmentPage(ctx.timeZone, chargeOf.parse(data).withholding_money).parse(
      findAffiliateResponse(data),
    ),
} satisfies OperationDef<PunishmentsInput, PunishmentPage>;
