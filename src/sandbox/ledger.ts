import { perOperation, SANDBOX_OPS } from './routes.js';
import type { LedgerLine, LedgerSnapshot, SandboxOp } from './types.js';

export interface Ledger {
  call(op: SandboxOp): void;
  charge(op: SandboxOp, points: number): void;
  refund(op: SandboxOp, points: number): void;
  snapshot(): LedgerSnapshot;
}

export function createLedger(): Ledger {
  const lines = new Map<SandboxOp, LedgerLine>(
    SANDBOX_OPS.map((op) => [op, { charged: 0, refunded: 0, calls: 0 }]),
  );
  const line = (op: SandboxOp) => lines.get(op)!;
  return {
    call: (op) => {
      line(op).calls += 1;
    },
    charge: (op, points) => {
      line(op).charged += points;
    },
    refund: (op, points) => {
      line(op).refunded += points;
    },
    snapshot: () => {
      const byOperation = perOperation((op) => ({ ...line(op) }));
      let charged = 0;
      let refunded = 0;
      for (const l of Object.values(byOperation)) {
        charged += l.charged;
        refunded += l.refunded;
      }
      return { charged, refunded, byOperation };
    },
  };
}
