/**
 * When the receiver wrote a request's ack (`performance.now()` on the main thread), and how long
 * the work after it was held for other requests' acks ([acks first](./ack-first.ts)), for timing
 * what follows the ack (`querydesk_answer_seconds`). The receiver puts one in every request's Bolt
 * context (`customProperties`, Bolt's documented way to add to it); a request its listener acks
 * gets its time as that ack is written. Socket Mode's requests have none.
 */
export interface AckStamp {
  at?: number;
  /** Milliseconds the work after the ack waited in the ack-first scheduler, all its waits. */
  heldMs: number;
}

/** The context key the receiver sets. */
export const ACK_STAMP = 'ackStamp';

/** The ack stamp of the request in `context`, once its ack is written, if the receiver set one. */
export function ackStampOf(
  context: Record<string, unknown> | undefined,
): Required<AckStamp> | undefined {
  const stamp = context?.[ACK_STAMP] as AckStamp | undefined;
  return typeof stamp?.at === 'number' ? { at: stamp.at, heldMs: stamp.heldMs } : undefined;
}
