import type { OperationName } from '../../gateway/operations/index.js';
import type { MessageKey } from '../../i18n/catalog/en.js';
import type { Translate } from '../../i18n/translator.js';
import type { SUBSCRIPTIONS_LEDGER } from '../../subscriptions/ledger-name.js';

/** What the ledger books under: every gateway operation, and channel subscriptions' polls. */
export type LedgerOperation = OperationName | typeof SUBSCRIPTIONS_LEDGER;

/**
 * Operation names as a person reads them, by the ledger's operation name. Keyed by every
 * operation, so an operation without its words in the catalogues does not compile.
 */
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
} as const satisfies Readonly<Record<LedgerOperation, MessageKey>>;

/**
 * An operation's name in words. The name comes from a ledger row; one this build does not know
 * (a row written by a newer replica) is shown as it is.
 */
export function operationWord(operation: string, t: Translate): string {
  return known(operation) ? t(OPERATION_WORDS[operation]) : operation;
}

function known(operation: string): operation is LedgerOperation {
  return Object.hasOwn(OPERATION_WORDS, operation);
}
