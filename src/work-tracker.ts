/** Work started for a person (a command's answer after its ack), awaited on shutdown. */
export class WorkTracker {
  private readonly pending = new Set<Promise<unknown>>();

  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const done = () => this.pending.delete(work);
    work.then(done, done);
    return work;
  }

  get size(): number {
    return this.pending.size;
  }

  /** Resolves when everything tracked so far has settled (failures included). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
