import { type Handler, ok } from '../answer.js';
import { optional, required } from '../params.js';

/** Operation 1: any media_mark gets a session; an unknown squeeze_page falls back to the default. */
export const qrCreate: Handler = ({ fields }, ctx) => {
  const mediaMark = required(fields, 'media_mark');
  const squeezePage = optional(fields, 'squeeze_page');
  const charge = ctx.charges.qrCreate;
  const session = ctx.sessions.create(mediaMark, squeezePage, ctx.now, charge);
  return ok({ session_id: session.sessionId, url: session.url }, charge);
};
