import { z } from 'zod';

/**
 * What an approval request starts once approved: a typed, versioned payload, complete in itself
 * (it does not point at a preview that retention may prune). Exports and subscriptions use it
 * now; another costly action (a re-armed QR watch, a workflow step above the threshold) adds its
 * own member to the union, and a payload no version of the code reads is "out of date".
 */
const ExportWork = z.strictObject({
  v: z.literal(1),
  kind: z.literal('export'),
  export: z.strictObject({
    kind: z.enum(['shopOrders', 'coupons']),
    /** The export's arguments as its preview stored them (`args_json`). */
    argsJson: z.string().max(20_000),
    csvBom: z.number().int().min(0).max(1),
    csvHeader: z.string().max(10).nullable(),
  }),
});

const SubscriptionWork = z.strictObject({
  v: z.literal(1),
  kind: z.literal('subscription'),
  subscription: z.strictObject({
    ownerId: z.string().min(1).max(200),
    remark: z.string().max(1000).nullable(),
    remarkTag: z.number().int().nullable(),
    intervalMs: z.number().int().positive(),
  }),
});

export const ApprovalWork = z.discriminatedUnion('kind', [ExportWork, SubscriptionWork]);
export type ApprovalWork = z.infer<typeof ApprovalWork>;
export type ApprovalWorkKind = ApprovalWork['kind'];

export const workJson = (w: ApprovalWork) => JSON.stringify(ApprovalWork.parse(w));

export function readWork(json: string): ApprovalWork | undefined {
  try {
    const parsed = ApprovalWork.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
