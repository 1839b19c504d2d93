/**
 * When the receiver wrote a request's ack (`performance.now()` on the main thread), for timing what
 * follows it (`querydesk_answer_seconds`). The receiver puts one in every request's Bolt context
 * (`customProperties`, Bolt's documented way to add to it); a request its listener acks gets its
 * time as that ack is written. Socket Mode's requests have none.
 */
export interface AckStamp {
  at?: number;
}

/** The context key the receiver sets. */
export const ACK_STAMP = 'ackStamp';

/** When the request in `context` was acked, if the receiver said so. */
export function ackedAtOf(context: Record<string, unknown> | undefined): number | undefined {
  const stamp = context?.[ACK_STAMP] as AckStamp | undefined;
  return typeof stamp?.at === 'number' ? stamp.at : undefined;
}
