import { fail, type Handler, ok, ParamError } from '../answer.js';
import { optional } from '../params.js';
import { ACCOUNTS } from '../seed/accounts.js';

/**
 * Operation 2. session_id wins over media_mark, which wins over phone. By session the account is
 * the session's media_mark, readable only once scanned (103 before); media_mark and phone must
 * name a seeded account (103 otherwise).
 */
export const accountData: Handler = ({ fields }, ctx) => {
  const sessionId = optional(fields, 'session_id');
  const mediaMark = optional(fields, 'media_mark');
  const phone = optional(fields, 'phone');
  if (!sessionId && !mediaMark && !phone) {
    throw new ParamError('at least one of session_id, phone, media_mark is required');
  }
  let mark: string | undefined;
  if (sessionId) {
    const session = ctx.sessions.find(sessionId, ctx.now);
    if (!session) return fail(100, `unknown session_id ${sessionId}`);
    if (session.status !== '2') {
      return fail(103, 'account not available: the QR code has not been scanned');
    }
    mark = session.mediaMark;
  } else if (mediaMark) {
    mark = ACCOUNTS.find((a) => a.mediaMark === mediaMark)?.mediaMark;
  } else {
    mark = ACCOUNTS.find((a) => a.phone === phone)?.mediaMark;
  }
  if (!mark) return fail(103, 'account does not exist');
  return ok(ctx.world.account(mark), ctx.charges.accountData);
};
