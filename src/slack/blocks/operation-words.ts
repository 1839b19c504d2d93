import type { MessageKey } from '../../i18n/catalog/en.js';
import type { Translate } from '../../i18n/translator.js';

/** Operation names as a person reads them, by the ledger's operation name. */
export const OPERATION_WORDS = {
  qrCreate: 'spend.op.qrCreate',
  accountData: 'spend.op.accountData',
  qrStatus: 'spend.op.qrStatus',
  coupons: 'spend.op.coupons',
  punishments: 'spend.op.punishments',
  payOrder: 'spend.op.payOrder',
  shopOrders: 'spend.op.shopOrders',
  // Not an operation: operation 7 as channel subscriptions poll it, booked apart.
  subscriptions: 'spend.op.subscriptions',
} as const satisfies Readonly<Record<string, MessageKey>>;

/** An operation's name in words; unknown names are shown as they are. */
export function operationWord(operation: string, t: Translate): string {
  const key = (OPERATION_WORDS as Readonly<Record<string, MessageKey>>)[operation];
  return key ? t(key) : operation;
}
