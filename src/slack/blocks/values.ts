import { z } from 'zod';
import { PayOrderNumberKind } from '../../gateway/operations/pay-order.js';

/**
 * Every value the app puts into a Slack payload and reads back (`private_metadata`, button
 * values), with one schema each. Slack returns them as sent, but a request can be forged or come
 * from a card built by an older version: a value that does not decode is `undefined`, which the
 * handler answers with "out of date", never an exception.
 */

const slackId = z.string().regex(/^[A-Z0-9]{2,40}$/i);
/** What keyedStore hands out (base64url); a key that no longer exists is a separate, later answer. */
const storeKey = z.string().regex(/^[\w-]{1,64}$/);

/** A reader of JSON values under `schema`: anything else is undefined. */
export function decoder<T>(schema: z.ZodType<T>) {
  return (value: string | undefined | null): T | undefined => {
    if (!value) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(value);
    } catch {
      return undefined;
    }
    const parsed = schema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  };
}

/** A lookup modal's `private_metadata`: where its answer goes. */
const ChannelMeta = z.strictObject({ channelId: slackId });
export const channelMetadata = (channelId: string) =>
  JSON.stringify(ChannelMeta.parse({ channelId }));
export const readChannelMetadata = decoder(ChannelMeta);

/**
 * The lookups the message shortcut's "Lookup" select offers, in its order (its option values); a
 * mention or a direct message asks for them by these names too.
 */
export const MESSAGE_LOOKUPS = [
  'payorder',
  'shoporders',
  'account',
  'coupons',
  'punishments',
] as const;
export const MessageLookupName = z.enum(MESSAGE_LOOKUPS);
export type MessageLookupName = z.infer<typeof MessageLookupName>;

/**
 * The message shortcut's modal `private_metadata`: the message's channel (where the answer goes),
 * the numbers found in it (at most 10 of 6–32 digits) and the lookup whose form is drawn.
 */
const MessageLookupMeta = z.strictObject({
  c: slackId,
  n: z.array(z.string().regex(/^[0-9]{6,32}$/)).max(10),
  l: MessageLookupName,
});
export interface MessageLookupMeta {
  channelId: string;
  numbers: string[];
  lookup: MessageLookupName;
}
export const messageLookupMetadata = (m: MessageLookupMeta) =>
  JSON.stringify(MessageLookupMeta.parse({ c: m.channelId, n: m.numbers, l: m.lookup }));
export function readMessageLookupMetadata(
  value: string | undefined,
): MessageLookupMeta | undefined {
  const v = decoder(MessageLookupMeta)(value);
  return v && { channelId: v.c, numbers: v.n, lookup: v.l };
}

/** The settings modal's `private_metadata`: the admin it was opened for. */
const ConfigMeta = z.strictObject({ admin: slackId });
export const configMetadata = (admin: string) => JSON.stringify(ConfigMeta.parse({ admin }));
export const readConfigMetadata = decoder(ConfigMeta);

/** The audit card's Export CSV button: whose calls (if one person's) over which range. */
const AuditExport = z.strictObject({
  u: z
    .string()
    .regex(/^[UW][A-Z0-9]{2,30}$/)
    .optional(),
  r: z.enum(['today', '7d', '30d']),
});
export type AuditExport = z.infer<typeof AuditExport>;
export const auditExportValue = (v: AuditExport) => JSON.stringify(AuditExport.parse(v));
export const readAuditExport = decoder(AuditExport);

/** A Previous/Next button: the remembered query and the Slack page to show. */
const PageRef = z.strictObject({
  q: storeKey,
  p: z.number().int().min(1).max(100_000),
});
export type PageRef = z.infer<typeof PageRef>;
export const pageRefValue = (ref: PageRef) => JSON.stringify(PageRef.parse(ref));
export const readPageRef = decoder(PageRef);

/** The payment-order card's Refresh button: the same look-up again. */
const RefreshPayOrder = z.strictObject({
  o: z.string().min(1).max(200),
  m: z.string().min(1).max(200),
  k: PayOrderNumberKind.optional(),
});
export interface PayOrderRef {
  orderNumber: string;
  merchantNum: string;
  kind?: z.infer<typeof PayOrderNumberKind>;
}
export const refreshPayOrderValue = (a: PayOrderRef) =>
  JSON.stringify(
    RefreshPayOrder.parse({ o: a.orderNumber, m: a.merchantNum, ...(a.kind ? { k: a.kind } : {}) }),
  );
export function readRefreshPayOrder(value: string | undefined): PayOrderRef | undefined {
  const v = decoder(RefreshPayOrder)(value);
  return v && { orderNumber: v.o, merchantNum: v.m, ...(v.k ? { kind: v.k } : {}) };
}

/** A bare key (Share in channel, Filter…): the stored result or query it names. */
export function readStoreKey(value: string | undefined): string | undefined {
  const parsed = storeKey.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** A QR status message button naming its session. */
const sessionId = z.string().trim().min(1).max(200);
export function readSessionId(value: string | undefined): string | undefined {
  const parsed = sessionId.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** A button naming a stored row (an order watch, an export) by its UUID. */
const uuid = z.uuid();
export function readUuid(value: string | undefined): string | undefined {
  const parsed = uuid.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** **Ask for approval** on a preview: which kind of work, and its preview's id. */
const ApprovalAsk = z.strictObject({ k: z.enum(['export', 'subscription']), id: uuid });
export type ApprovalAsk = z.infer<typeof ApprovalAsk>;
export const approvalAskValue = (v: ApprovalAsk) => JSON.stringify(ApprovalAsk.parse(v));
export const readApprovalAsk = decoder(ApprovalAsk);

/** A view submission's `view.state.values`: block_id → action_id → the input's state. */
const StateValue = z.object({
  type: z.string(),
  value: z.string().nullish(),
  selected_option: z.object({ value: z.string() }).nullish(),
  selected_date: z.string().nullish(),
  selected_conversation: z.string().nullish(),
  selected_conversations: z.array(z.string()).nullish(),
  selected_users: z.array(z.string()).nullish(),
});
const StateValues = z.record(z.string(), z.record(z.string(), StateValue));
export type StateValues = z.infer<typeof StateValues>;
export function readStateValues(values: unknown): StateValues | undefined {
  const parsed = StateValues.safeParse(values);
  return parsed.success ? parsed.data : undefined;
}

/** The workspace an Events API envelope comes from. */
const EventEnvelope = z.object({ team_id: z.string().min(1) });
export function readEventTeam(body: unknown): string | undefined {
  const parsed = EventEnvelope.safeParse(body);
  return parsed.success ? parsed.data.team_id : undefined;
}
