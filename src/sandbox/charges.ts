import { perOperation, ROUTES } from './routes.js';
import type { SandboxOp } from './types.js';

export type Charges = Readonly<Record<SandboxOp, number>>;

/** Each operation's own charge, from its entry in ROUTES. */
export const DEFAULT_CHARGES: Charges = perOperation((op) => ROUTES[op].charge);

/** Merges overrides; refuses what the document rules out (a charged operation 6, negative points). */
export function resolveCharges(overrides: Partial<Record<SandboxOp, number>> = {}): Charges {
  const merged = { ...DEFAULT_CHARGES, ...overrides };
  for (const [op, points] of Object.entries(merged)) {
    if (!Number.isSafeInteger(points) || points < 0) {
      throw new RangeError(`sandbox charge for ${op} must be a whole number of points ≥ 0`);
    }
  }
  if (merged.payOrder !== 0) {
    throw new RangeError('sandbox charge for payOrder must be 0 (operation 6 is free)');
  }
  return merged;
}
