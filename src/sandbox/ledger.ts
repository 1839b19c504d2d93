import { type LedgerLine, type LedgerSnapshot, SANDBOX_OPS, type SandboxOp } from './types.js';

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
      const byOperation = {
        qrCreate: { ...line('qrCreate') },
        accountData: { ...line('accountData') },
        qrStatus: { ...line('qrStatus') },
        coupons: { ...line('coupons') },
        punishments: { ...line('punishments') },
        payOrder: { ...line('payOrder') },
        shopOrders: { ...line('shopOrders') },
      } satisfies Record<SandboxOp, LedgerLine>;
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
