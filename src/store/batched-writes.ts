/**
 * Writes that may wait a moment, coalesced: every item added while one statement is on its way
 * goes out together in the next, at most `max` per statement, one statement at a time and in the
 * order the items came. At a trickle each item still goes out alone, one turn of the event loop
 * after it was added; under load a thousand items make a handful of round trips, not a thousand.
 * Each `add` settles with its batch (rejects with the batch's error).
 */
export interface BatchedWrites<T> {
  add(item: T): Promise<void>;
  /** Settles once every item added so far has been written or has failed. */
  drained(): Promise<void>;
}

export function batchedWrites<T>(
  write: (items: T[]) => Promise<void>,
  max: number,
): BatchedWrites<T> {
  const waiting: { item: T; done: () => void; failed: (err: unknown) => void }[] = [];
  let flushing = false;
  let last: Promise<void> = Promise.resolve();
  async function flush(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, max);
      try {
        await write(batch.map((b) => b.item));
        for (const b of batch) b.done();
      } catch (err) {
        for (const b of batch) b.failed(err);
      }
    }
    flushing = false;
  }
  return {
    add(item) {
      const written = new Promise<void>((done, failed) => {
        waiting.push({ item, done, failed });
        if (!flushing) setImmediate(() => void flush());
        flushing = true;
      });
      last = written.catch(() => undefined);
      return written;
    },
    drained: () => last,
  };
}
