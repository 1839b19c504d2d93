import { z } from 'zod';
import type { OperationDef } from '../operation.js';
import { requiredText } from './input-rules.js';
import { looseInt, looseText } from './schema-helpers.js';

export const QrStatusInput = z.strictObject({
  sessionId: requiredText('session id'),
});
export type QrStatusInput = z.infer<typeof QrStatusInput>;

/** 1 not scanned, 2 scanned, 3 expired (the document's States table). */
export type QrStatusCode = 1 | 2 | 3;
export type QrStateWord = 'not scanned' | 'scanned' | 'expired';

const WORDS = { 1: 'not scanned', 2: 'scanned', 3: 'expired' } as const satisfies Record<
  QrStatusCode,
  QrStateWord
>;

/** The words the contract uses for the three QR states. */
export function qrStateWord(status: QrStatusCode): QrStateWord {
  return WORDS[status];
}

/** Scanned (2) and expired (3) end watching; the document shows no transition out of either. */
export function isFinalQrStatus(status: QrStatusCode): boolean {
  return status !== 1;
}

export interface QrStatus {
  status: QrStatusCode;
  /** The QR code URL as the gateway reports it now; may be empty. */
  url: string;
  /** Points charged, or for an expired session the points returned. */
  charge: number;
}

const qrStatusCode = looseInt.pipe(
  z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: (issue) => `undocumented QR status ${JSON.stringify(issue.input)}`,
  }),
);

const qrStatusRecord = z
  .looseObject({
    status: qrStatusCode,
    url: looseText,
    withholding_money: looseInt.catch(0),
  })
  .transform((r): QrStatus => ({ status: r.status, url: r.url, charge: r.withholding_money }));

export const qrStatus = {
  name: 'qrStatus',
  number: 3,
  title: 'Query QR code status',
  method: 'GET',
  path: '/papi/tool/accounts/sel-media-stu',
  encoding: 'query',
  paid: true,
  input: QrStatusInput,
  toWire: (i) => ({ session_id: i.sessionId }),
  parse: (data, _ctx) => qrStatusRecord.parse(data),
  // The document: on status 3 the points consumed are returned, in the amount of withholding_money.
  chargeKind: (out) => (out.status === 3 ? 'refund' : 'charge'),
  refundKey: (i) => i.sessionId,
} satisfies OperationDef<QrStatusInput, QrStatus>;
