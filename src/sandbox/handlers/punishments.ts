import { type Handler, ok, ParamError, unauthorized } from '../answer.js';
import { instant, wholeNumber } from '../params.js';
import type { SeededPunishment } from '../seed/punishments.js';
import { DAY_MS } from '../seed/wall-time.js';

export const PUNISH_WRAPPER = 'affiliate_punish_order_get_response';
export const PUNISH_DEFAULT_PAGE_SIZE = 20;
export const PUNISH_DEFAULT_SPAN_DAYS = 30;
const RETIRED = ['plat_trade_parent_id', 'special_id', 'violation_type', 'punish_status'];
const ID_FILTERS = {
  relation_id: 'relationId',
  plat_trade_id: 'platTradeId',
  site_id: 'siteId',
  adzone_id: 'adzoneId',
} as const satisfies Record<string, keyof SeededPunishment>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Filter fields may sit at the top level (as the samples send them) or in af_order_option. */
function readBody(json: unknown) {
  if (!isObject(json)) throw new ParamError('the body must be a JSON object');
  const inner = json.af_order_option ?? {};
  if (!isObject(inner)) throw new ParamError('af_order_option must be an object');
  const merged: Record<string, unknown> = { ...inner, ...json };
  const retired = RETIRED.find((f) => merged[f] !== undefined);
  if (retired) throw new ParamError(`${retired} is no longer used and must not be sent`);
  const user = merged.platform_user_id ?? merged.taobao_user_id;
  if (user === undefined || user === '') throw new ParamError('platform_user_id is required');
  const present = (name: string) => merged[name] !== undefined && merged[name] !== '';
  return { merged, present, userId: String(wholeNumber(user, 'platform_user_id', { min: 1 })) };
}

/** Operation 5, answered in the nested wrapper the document describes. */
export const punishments: Handler = ({ json }, ctx) => {
  const { merged, present, userId } = readBody(json);
  const pageNo = present('page_no') ? wholeNumber(merged.page_no, 'page_no', { min: 1 }) : 1;
  const pageSize = present('page_size')
    ? wholeNumber(merged.page_size, 'page_size', { min: 1, max: 100 })
    : PUNISH_DEFAULT_PAGE_SIZE;
  const span = present('span')
    ? wholeNumber(merged.span, 'span', { min: 1, max: 30 })
    : PUNISH_DEFAULT_SPAN_DAYS;
  const filters: ((p: SeededPunishment) => boolean)[] = [];
  if (present('start_time')) {
    const from = instant(String(merged.start_time), 'start_time');
    filters.push((p) => p.createdMs >= from && p.createdMs < from + span * DAY_MS);
  }
  for (const [wire, key] of Object.entries(ID_FILTERS)) {
    if (!present(wire)) continue;
    const id = wholeNumber(merged[wire], wire, { min: 0 });
    filters.push((p) => p[key] === id);
  }
  const items = ctx.world.punishments.get(userId);
  if (!items || ctx.unauthorizedUsers.has(userId)) return unauthorized('affiliate', userId);
  const matches = items.filter((p) => filters.every((f) => f(p)));
  const page = matches.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((p) => p.wire);
  // Number-typed paging members arrive as strings on even pages.
  const n = (v: number) => (pageNo % 2 === 0 ? String(v) : v);
  const result = {
    data: {
      page_no: n(pageNo),
      page_size: n(pageSize),
      total_count: n(matches.length),
      results: { result: page },
    },
    biz_error_desc: '',
    biz_error_code: 0,
    result_msg: 'success',
    result_code: 0,
  };
  return ok({ [PUNISH_WRAPPER]: { result } }, ctx.charges.punishments);
};
