import { fail, type Handler, ok, ParamError } from '../answer.js';
import { required } from '../params.js';

/**
 * Operation 6 (free). data is the order as a one-element array when the platform order number
 * ends in an odd digit, a bare object otherwise; any failure carries data "".
 */
export const payOrder: Handler = ({ fields }, ctx) => {
  const orderNumber = required(fields, 'order_number');
  const merchantNum = required(fields, 'merchant_num');
  const type = required(fields, 'type');
  if (type !== '1' && type !== '2') {
    throw new ParamError('type must be 1 (merchant-defined number) or 2 (platform number)');
  }
  const live = ctx.liveOrders.answer(merchantNum, type, orderNumber, ctx.now);
  if (live) return ok(live, ctx.charges.payOrder);
  const found = ctx.world.payOrders.find(
    (o) =>
      o.merchantNum === merchantNum &&
      (type === '1' ? o.relationOrderNumber : o.orderNumber) === orderNumber,
  );
  if (!found) return fail(100, 'order not found');
  const answer = ok(found.wire, ctx.charges.payOrder);
  return found.asArray ? { ...answer, data: [answer.data] } : answer;
};
