export { DEFAULT_CHARGES } from './charges.js';
export { SANDBOX_EXAMPLES } from './examples.js';
export { FAULT_KINDS, type FaultKind, type FaultOptions } from './faults.js';
export {
  extraWaitingOrder,
  LIVE_ORDERS,
  type LiveOrderView,
  ORDER_MOVES,
  type OrderMove,
} from './live-orders.js';
export { SANDBOX_OPS } from './routes.js';
export {
  DEFAULT_ORDER_CALLBACK_AFTER_MS,
  DEFAULT_ORDER_PAY_AFTER_MS,
  DEFAULT_QR_EXPIRE_AFTER_MS,
  DEFAULT_SEED,
  startSandbox,
} from './server.js';
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
