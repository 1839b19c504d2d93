import { fail, type Handler, ok } from '../answer.js';
import { required } from '../params.js';

/**
 * Operation 3. Status is a string, as documented. A status-3 answer returns the creation's points
 * in withholding_money and costs nothing; the sandbox books that refund once per session, while
 * every later status-3 answer repeats the same withholding_money (the document is silent there).
 */
export const qrStatus: Handler = ({ fields }, ctx) => {
  const id = required(fields, 'session_id');
  const session = ctx.sessions.find(id, ctx.now);
  if (!session) return fail(100, `unknown session_id ${id}`);
  if (session.status === '3') {
    const refund = session.creationCharge;
    const first = ctx.sessions.claimRefund(id);
    return {
      code: 0,
      msg: 'success',
      data: { status: '3', url: session.url, withholding_money: refund },
      charged: 0,
      refunded: first ? refund : 0,
    };
  }
  ctx.sessions.countPaidCheck(id);
  return ok({ status: session.status, url: session.url }, ctx.charges.qrStatus);
};
