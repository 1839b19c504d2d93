import type { ServerResponse } from 'node:http';

/**
 * Acks first, under a burst: work that follows an ack (the idempotency claim, store reads, the
 * gateway call's set-up) waits while Slack requests already received are still unanswered, for
 * at most MAX_DEFER_MS, and then goes on one waiter per turn of the event loop. SQLite answers in
 * microtasks, so without this each command's whole chain ran between the acks of the commands
 * still arriving and pushed the last of 200 past 400 ms. Under steady traffic (requests seldom
 * overlap) nothing waits more than a turn.
 */
export const MAX_DEFER_MS = 200;

interface Waiter {
  since: number;
  go: () => void;
}

const waiting: Waiter[] = [];
let unanswered = 0;
let turnBooked = false;
let timerSet = false;

function schedule(): void {
  if (turnBooked) return;
  turnBooked = true;
  setImmediate(pump);
}

function pump(): void {
  turnBooked = false;
  const first = waiting[0];
  if (!first) return;
  const waited = performance.now() - first.since;
  if (unanswered > 0 && waited < MAX_DEFER_MS) {
    // Woken again when the last ack is out, or when the oldest has waited long enough.
    if (!timerSet) {
      timerSet = true;
      setTimeout(
        () => {
          timerSet = false;
          schedule();
        },
        Math.ceil(MAX_DEFER_MS - waited),
      );
    }
    return;
  }
  waiting.shift()?.go();
  if (waiting.length > 0) schedule();
}

/** Counts a Slack request as unanswered until its response is sent (or its socket is gone). */
export function trackAnswer(res: ServerResponse): void {
  unanswered++;
  let counted = true;
  const done = () => {
    if (!counted) return;
    counted = false;
    unanswered--;
    if (unanswered === 0 && waiting.length > 0) schedule();
  };
  res.once('finish', done);
  res.once('close', done);
}

/** Resolves when it is this work's turn (see above). */
export function afterPendingAcks(): Promise<void> {
  return new Promise<void>((go) => {
    waiting.push({ since: performance.now(), go });
    schedule();
  });
}
