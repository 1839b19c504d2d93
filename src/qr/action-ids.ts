/** Action ids of the QR status message's buttons (the "Open link" button uses ACTION.openLink). */
export const QR_ACTION = {
  loadAccount: 'qd_qr_account',
  newCode: 'qd_qr_new',
  checkAgain: 'qd_qr_check',
  scanned: 'qd_qr_scanned',
} as const;
