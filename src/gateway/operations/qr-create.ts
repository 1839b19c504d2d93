import { z } from 'zod';
import type { OperationDef } from '../operation.js';
import { requiredText } from './input-rules.js';
import { compactWire } from './loose-values.js';
import { looseInt, looseText } from './schema-helpers.js';

export const QrCreateInput = z.strictObject({
  mediaMark: requiredText('media mark'),
  /** The gateway falls back to its default landing page when this is invalid or omitted. */
  landingPage: requiredText('landing page').optional(),
});
export type QrCreateInput = z.infer<typeof QrCreateInput>;

export interface QrSession {
  /** Task number; operations 2 and 3 take it as `sessionId`. */
  sessionId: string;
  /** What the QR code must encode. */
  url: string;
  charge: number;
}

const qrSessionRecord = z
  .looseObject({
    session_id: looseText.pipe(z.string().min(1, 'QR answer carries no session_id')),
    url: looseText.pipe(z.string().min(1, 'QR answer carries no url')),
    withholding_money: looseInt.catch(0),
  })
  .transform(
    (r): QrSession => ({ sessionId: r.session_id, url: r.url, charge: r.withholding_money }),
  );

export const qrCreate = {
  name: 'qrCreate',
  number: 1,
  title: 'Create QR code and session',
  method: 'GET',
  path: '/papi/tool/accounts/set-media-url',
  encoding: 'query',
  paid: true,
  input: QrCreateInput,
  toWire: (i) => compactWire({ media_mark: i.mediaMark, squeeze_page: i.landingPage }),
  parse: (data, _ctx) => qrSessionRecord.parse(data),
} satisfies OperationDef<QrCreateInput, QrSession>;
