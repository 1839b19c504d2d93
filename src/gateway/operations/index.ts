import type { AnyOperationDef, OperationName } from '../operation.js';
import { payOrder } from './pay-order.js';

/**
 * Every operation the client can call. `satisfies` makes the compiler list a missing one.
 * (Filled in operation by operation; see gateway/operations/*.ts.)
 */
export const operations = {
  payOrder,
} satisfies Partial<Record<OperationName, AnyOperationDef>>;

export type Operations = typeof operations;
