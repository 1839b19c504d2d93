/**
 * Gateway pages already bought, by workspace and exact request, for a few minutes: paging back and
 * forth, sharing or retyping the same command never pays for the same page twice. Concurrent
 * requests for one key share one call; a failed call is not remembered.
 */
export class PageCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 2_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    const value = load();
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}

/** A stable key for a request: object keys sorted, Dates as ISO strings. */
export function requestKey(teamId: string, op: string, input: unknown): string {
  const norm = (v: unknown): unknown => {
    if (v instanceof Date) return v.toISOString();
    if (Array.isArray(v)) return v.map(norm);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v)
          .filter(([, x]) => x !== undefined)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, x]) => [k, norm(x)]),
      );
    }
    return v;
  };
  return `${teamId}|${op}|${JSON.stringify(norm(input))}`;
}
