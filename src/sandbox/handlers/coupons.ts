import { type Handler, ok, ParamError } from '../answer.js';
import { required, wholeNumber } from '../params.js';

const WEEK_S = 7 * 86_400;

/** Operation 4: claims of one sid and kind whose claim time lies in [startTime, endTime]. */
export const coupons: Handler = ({ fields }, ctx) => {
  const start = wholeNumber(required(fields, 'startTime'), 'startTime', { min: 0 });
  const end = wholeNumber(required(fields, 'endTime'), 'endTime', { min: 0 });
  const page = wholeNumber(required(fields, 'page'), 'page', { min: 1 });
  const limit = wholeNumber(required(fields, 'limit'), 'limit', { min: 1, max: 1000 });
  const sid = required(fields, 'sid');
  const type = required(fields, 'type');
  if (type !== '4' && type !== '6') throw new ParamError('type must be 4 (takeout) or 6 (flash)');
  if (end < start) throw new ParamError('endTime must not be before startTime');
  if (end - start > WEEK_S) {
    throw new ParamError('the window from startTime to endTime must not exceed 7 days');
  }
  const kind = Number(type);
  const matches = ctx.world.coupons.filter(
    (c) => c.sid === sid && c.kind === kind && c.claimedAt >= start && c.claimedAt <= end,
  );
  const total = matches.length;
  const dataList = matches.slice((page - 1) * limit, page * limit).map((c) => c.wire);
  // The field table types total as a string and a sample shows a number: serve both.
  return ok(
    { total: (page + total) % 2 === 0 ? String(total) : total, dataList },
    ctx.charges.coupons,
  );
};
