import type { MessageKey } from './catalog/en.js';
import type { Translate } from './translator.js';

const PAY_STATUS = {
  0: 'pay.status.unpaid',
  1: 'pay.status.paid',
  2: 'pay.status.refunded',
  3: 'pay.status.cancelled',
} as const satisfies Record<0 | 1 | 2 | 3, MessageKey>;

/** The document's payment-order states (0 unpaid, 1 paid, 2 refunded, 3 cancelled) in words. */
export function payStatusText(t: Translate, status: number): string {
  const key = PAY_STATUS[status as keyof typeof PAY_STATUS];
  return key ? t(key) : t('pay.status.other', { status });
}

const QR_STATE = {
  1: 'qr.state.notScanned',
  2: 'qr.state.scanned',
  3: 'qr.state.expired',
} as const satisfies Record<1 | 2 | 3, MessageKey>;

/** The document's QR states (1 not scanned, 2 scanned, 3 expired) in words. */
export function qrStateText(t: Translate, status: 1 | 2 | 3): string {
  return t(QR_STATE[status]);
}
