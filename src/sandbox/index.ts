export { DEFAULT_CHARGES } from './charges.js';
export { SANDBOX_EXAMPLES } from './examples.js';
export { FAULT_KINDS, type FaultKind, type FaultOptions } from './faults.js';
export { DEFAULT_QR_EXPIRE_AFTER_MS, DEFAULT_SEED, startSandbox } from './server.js';
export type {
  LedgerLine,
  LedgerSnapshot,
  QrSessionView,
  QrStatus,
  RequestRecord,
  Sandbox,
  SandboxOp,
  SandboxOptions,
} from './types.js';
export { SANDBOX_OPS } from './types.js';
