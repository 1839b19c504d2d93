import { randomBytes } from 'node:crypto';

/**
 * Short-lived memory of answers already paid for, so paging, sharing and re-rendering never buy
 * the same gateway page twice. Entries expire after `ttlMs`; the oldest go first past `max`.
 */
export class ResultCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  put(value: V, key = randomBytes(9).toString('base64url')): string {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return key;
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }
}
