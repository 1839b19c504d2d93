import pLimit, { type LimitFunction } from 'p-limit';

/**
 * New work made at once on one thread, at most (see WorkTracker.make): the figures for 1, 2, 3
 * and unbounded are in docs/design/rate-limit-and-acks.md.
 */
export const MAKING_AT_ONCE = 2;

/** Work started for a person (a command's answer after its ack), awaited on shutdown. */
export class WorkTracker {
  private readonly pending = new Set<Promise<unknown>>();
  private readonly making: LimitFunction;
  private moves = 0;

  constructor(makingAtOnce = MAKING_AT_ONCE) {
    this.making = pLimit(makingAtOnce);
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    this.moves += 1;
    const done = () => {
      this.moves += 1;
      this.pending.delete(work);
    };
    work.then(done, done);
    return work;
  }

  /**
   * The making of new watched work (a QR code, an order watch, a subscription's preview or
   * start): tracked, and at most `makingAtOnce` of them run on this thread at a time, the rest
   * in turn. Each makes a dozen store round trips and several Slack calls; a burst of them
   * unbounded fills the event loop, and people's look-ups wait behind it. Never nest one `make`
   * inside another: the inner one could wait for the outer's own turn.
   */
  make<T>(work: () => Promise<T>): Promise<T> {
    return this.track(this.making(work));
  }

  /** Makings waiting for their turn, and running. */
  get makingDepth(): { waiting: number; running: number } {
    return { waiting: this.making.pendingCount, running: this.making.activeCount };
  }

  /** A count that moves whenever tracked work starts or settles (the idle collector's sign of life). */
  get activity(): number {
    return this.moves;
  }

  get size(): number {
    return this.pending.size;
  }

  /** Resolves when everything tracked so far has settled (failures included). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
