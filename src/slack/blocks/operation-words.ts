/** Operation names as a person reads them; unknown names are shown as they are. */
export const OPERATION_WORDS: Readonly<Record<string, string>> = {
  qrCreate: 'QR code',
  accountData: 'Account analytics',
  qrStatus: 'QR status check',
  coupons: 'Coupons',
  punishments: 'Punishment orders',
  payOrder: 'Payment order',
  shopOrders: 'Shop orders',
  // Not an operation: operation 7 as channel subscriptions poll it, booked apart.
  subscriptions: 'Subscriptions (shop orders)',
};

export function operationWord(operation: string): string {
  return OPERATION_WORDS[operation] ?? operation;
}
