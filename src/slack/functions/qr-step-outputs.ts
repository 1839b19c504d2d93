import type { QrSessionRow } from '../../qr/index.js';
import type { StepOutputs } from './step.js';

/** The contract's status words for a session's final state: values for later steps. */
export function qrStepStatus(
  row: Pick<QrSessionRow, 'state'>,
): 'scanned' | 'expired' | 'not scanned' {
  if (row.state === 2) return 'scanned';
  if (row.state === 3) return 'expired';
  return 'not scanned';
}

/** `start_qr_onboarding`'s outputs once the session's watch is over. */
export function qrStepOutputs(row: QrSessionRow): StepOutputs {
  return {
    session_id: row.session_id,
    status: qrStepStatus(row),
    message_ts: row.message_ts ?? '',
  };
}
