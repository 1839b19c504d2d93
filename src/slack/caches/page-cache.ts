import type { SharedCache } from '../../store/shared-cache.js';
import { maskPersonalData } from '../blocks/personal-data.js';

/** How long a bought gateway page is reused: paging back and forth never pays for it twice. */
export const PAGE_TTL_MS = 5 * 60_000;

/**
 * Gateway pages already bought, by workspace and exact request, in the shared cache so that no
 * replica buys the same page again within PAGE_TTL_MS. Concurrent requests for one key in this
 * process share one call; a failed call is not remembered. Pages are kept, and returned, with
 * phone numbers and receivers masked, so a card drawn from a fresh page or a kept one is the same.
 */
export class PageCache<T> {
  private readonly loading = new Map<string, Promise<T>>();

  constructor(
    private readonly cache: SharedCache,
    private readonly onError: (err: unknown) => void,
    private readonly ttlMs = PAGE_TTL_MS,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const work = (async () => {
      const hit = await this.cache.get<T>(`page:${key}`);
      if (hit !== undefined) return hit;
      const value = maskPersonalData(await load());
      // Already paid for: a failed write costs a possible second purchase later, not this answer.
      await this.cache.put(`page:${key}`, value, this.ttlMs).catch(this.onError);
      return value;
    })();
    this.loading.set(key, work);
    const forget = () => this.loading.delete(key);
    work.then(forget, forget);
    return work;
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
