import type { ServerResponse } from 'node:http';

/**
 * Acks first, under a burst: work that follows an ack (the idempotency claim, store reads, the
 * gateway call's set-up) waits while Slack requests already received are still unanswered, for
 * at most MAX_DEFER_MS, and then goes on one waiter per turn of the event loop. SQLite answers in
 * microtasks, so without this each command's whole chain ran between the acks of the commands
 * still arriving and pushed the last of 200 past 400 ms. Under steady traffic (requests seldom
 * overlap) nothing waits more than QUIET_MS.
 */
export const MAX_DEFER_MS = 200;
/**
 * Work also waits until no request has arrived for this long: a burst's requests arrive spread
 * over tens of ms as the sender gets its turns, and work started in a gap between two arrivals
 * delayed the acks of all those still coming.
 */
export const QUIET_MS = 5;

interface Waiter {
  since: number;
  go: () => void;
}

/**
 * Waiters by workspace, served in turn: one workspace's flood (100 commands at once, all for its
 * own token) went first-come first-served ahead of every other workspace's command, each of which
 * then waited for the whole flood's turns. Now the next turn goes to the next workspace with work
 * waiting; within a workspace the order is kept.
 */
const queues = new Map<string, Waiter[]>();
/** Workspaces with waiters, in the order their turns come. */
const turns: string[] = [];
let waitingCount = 0;

/** The oldest waiter (its deadline is the soonest): the head of one of the queues. */
function oldest(): Waiter | undefined {
  let first: Waiter | undefined;
  for (const queue of queues.values()) {
    const head = queue[0];
    if (head && (!first || head.since < first.since)) first = head;
  }
  return first;
}

/** The next waiter in turn, removed from its queue. */
function nextInTurn(): Waiter | undefined {
  const key = turns.shift();
  if (key === undefined) return undefined;
  const queue = queues.get(key)!;
  const waiter = queue.shift();
  if (queue.length > 0) turns.push(key);
  else queues.delete(key);
  waitingCount--;
  return waiter;
}
let unanswered = 0;
let lastArrival = Number.NEGATIVE_INFINITY;
let turnBooked = false;
let timer: { at: number; handle: NodeJS.Timeout } | undefined;

function schedule(): void {
  if (turnBooked) return;
  turnBooked = true;
  setImmediate(pump);
}

/** Wakes the pump at `at` (performance.now() time), unless a wake-up is already due sooner. */
function wakeAt(at: number): void {
  if (timer && timer.at <= at) return;
  if (timer) clearTimeout(timer.handle);
  const handle = setTimeout(
    () => {
      timer = undefined;
      schedule();
    },
    Math.max(1, Math.ceil(at - performance.now())),
  );
  timer = { at, handle };
}

function pump(): void {
  turnBooked = false;
  const first = oldest();
  if (!first) return;
  const now = performance.now();
  const deadline = first.since + MAX_DEFER_MS;
  const quietAt = lastArrival + QUIET_MS;
  if (now < deadline && (unanswered > 0 || now < quietAt)) {
    // Woken again when the last ack is out, when arrivals pause, or at the oldest's deadline.
    wakeAt(unanswered > 0 ? deadline : Math.min(deadline, quietAt));
    return;
  }
  nextInTurn()?.go();
  if (waitingCount > 0) schedule();
}

/**
 * Counts a Slack request as unanswered until its response is sent or its socket is gone: a
 * response emits 'close' in both cases (after 'finish' when it was sent), once.
 */
export function trackAnswer(res: ServerResponse): void {
  unanswered++;
  lastArrival = performance.now();
  res.once('close', answered);
}

/** Slack requests received and not answered yet (tests read it). */
export function pendingAnswers(): number {
  return unanswered;
}

function answered(): void {
  unanswered--;
  if (unanswered === 0 && waitingCount > 0) schedule();
}

/**
 * Resolves when it is this work's turn (see above); `workspace` (its team id) takes turns with
 * other workspaces' work.
 */
export function afterPendingAcks(workspace = ''): Promise<void> {
  return new Promise<void>((go) => {
    let queue = queues.get(workspace);
    if (!queue) {
      queue = [];
      queues.set(workspace, queue);
      turns.push(workspace);
    }
    queue.push({ since: performance.now(), go });
    waitingCount++;
    schedule();
  });
}
