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

/**
 * Counts the Slack requests read and not answered yet where they are read, and tells the
 * scheduler (AckFirst.pending) only when there come to be some and when none are left, with the
 * latest arrival's time (epoch ms: performance.timeOrigin + now). In the ack thread each telling
 * is a message to the main thread, which a message per request, in and out, woke twice more per
 * request while the acks were under way.
 */
export function unansweredCount(tell: (unanswered: boolean, lastArrivalAt: number) => void): {
  arrived(): void;
  answered(): void;
} {
  let unanswered = 0;
  let lastArrivalAt = 0;
  return {
    arrived(): void {
      lastArrivalAt = performance.timeOrigin + performance.now();
      if (++unanswered === 1) tell(true, lastArrivalAt);
    },
    answered(): void {
      if (--unanswered === 0) tell(false, lastArrivalAt);
    },
  };
}

interface Waiter {
  since: number;
  go: () => void;
}

/**
 * The scheduler's state, one per receiver (the receiver that reads and acks the requests owns
 * it, and waits on it in one place before the work after an ack goes on).
 *
 * Waiters by workspace, served in turn: one workspace's flood (100 commands at once, all for its
 * own token) went first-come first-served ahead of every other workspace's command, each of which
 * then waited for the whole flood's turns. Now the next turn goes to the next workspace with work
 * waiting; within a workspace the order is kept.
 */
export class AckFirst {
  private readonly queues = new Map<string, Waiter[]>();
  /** Workspaces with waiters, in the order their turns come. */
  private readonly turns: string[] = [];
  private waitingCount = 0;
  /** Whether Slack requests received are not answered yet. */
  private unanswered = false;
  private lastArrival = Number.NEGATIVE_INFINITY;
  private turnBooked = false;
  private timer: { at: number; handle: NodeJS.Timeout } | undefined;

  /**
   * Whether Slack requests are unanswered (told when that changes: unansweredCount), and when the
   * latest arrived (performance.now() time on this thread).
   */
  pending(unanswered: boolean, lastArrival: number): void {
    this.unanswered = unanswered;
    this.lastArrival = lastArrival;
    if (!unanswered && this.waitingCount > 0) this.schedule();
  }

  /** Whether Slack requests received are not answered yet. */
  hasUnanswered(): boolean {
    return this.unanswered;
  }

  /**
   * Resolves when it is this work's turn (see above); `workspace` (its team id) takes turns with
   * other workspaces' work.
   */
  afterPendingAcks(workspace = ''): Promise<void> {
    return new Promise<void>((go) => {
      let queue = this.queues.get(workspace);
      if (!queue) {
        queue = [];
        this.queues.set(workspace, queue);
        this.turns.push(workspace);
      }
      queue.push({ since: performance.now(), go });
      this.waitingCount++;
      this.schedule();
    });
  }

  /** The oldest waiter (its deadline is the soonest): the head of one of the queues. */
  private oldest(): Waiter | undefined {
    let first: Waiter | undefined;
    for (const queue of this.queues.values()) {
      const head = queue[0];
      if (head && (!first || head.since < first.since)) first = head;
    }
    return first;
  }

  /** The next waiter in turn, removed from its queue. */
  private nextInTurn(): Waiter | undefined {
    const key = this.turns.shift();
    if (key === undefined) return undefined;
    const queue = this.queues.get(key)!;
    const waiter = queue.shift();
    if (queue.length > 0) this.turns.push(key);
    else this.queues.delete(key);
    this.waitingCount--;
    return waiter;
  }

  private schedule(): void {
    if (this.turnBooked) return;
    this.turnBooked = true;
    setImmediate(() => this.pump());
  }

  /** Wakes the pump at `at` (performance.now() time), unless a wake-up is already due sooner. */
  private wakeAt(at: number): void {
    if (this.timer && this.timer.at <= at) return;
    if (this.timer) clearTimeout(this.timer.handle);
    const handle = setTimeout(
      () => {
        this.timer = undefined;
        this.schedule();
      },
      Math.max(1, Math.ceil(at - performance.now())),
    );
    this.timer = { at, handle };
  }

  private pump(): void {
    this.turnBooked = false;
    const first = this.oldest();
    if (!first) return;
    const now = performance.now();
    const deadline = first.since + MAX_DEFER_MS;
    const quietAt = this.lastArrival + QUIET_MS;
    if (now < deadline && (this.unanswered || now < quietAt)) {
      // Woken again when the last ack is out, when arrivals pause, or at the oldest's deadline.
      this.wakeAt(this.unanswered ? deadline : Math.min(deadline, quietAt));
      return;
    }
    // One waiter per turn: letting one of each waiting workspace go per turn (at most 8) was
    // measured against this, alternated, and no figure showed people's answers faster
    // (docs/design/rate-limit-and-acks.md, "Figures for the answers' queues").
    this.nextInTurn()?.go();
    if (this.waitingCount > 0) this.schedule();
  }
}
