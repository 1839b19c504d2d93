import type { Db } from './database.js';

const DATE_TAG = '$date';

/** JSON that keeps Dates: they are written as { $date: ISO } and read back as Dates. */
export function toCacheJson(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v) {
    const raw = this[key];
    return raw instanceof Date ? { [DATE_TAG]: raw.toISOString() } : v;
  });
}

export function fromCacheJson<T>(text: string): T {
  return JSON.parse(text, (_key, v) =>
    v &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.keys(v).length === 1 &&
    typeof v[DATE_TAG] === 'string'
      ? new Date(v[DATE_TAG])
      : v,
  ) as T;
}

/** Expired rows are swept on roughly one write in this many. */
const SWEEP_EVERY = 50;

/**
 * A key → value cache with expiry, in the store, so every replica sees the same entries. Values
 * must be plain data (objects, arrays, strings, numbers, booleans, Dates).
 */
export interface SharedCache {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown, ttlMs: number): Promise<void>;
}

export function createSharedCache(db: Db, now: () => number = Date.now): SharedCache {
  let writes = 0;
  return {
    async get<T>(key: string) {
      const row = await db
        .selectFrom('shared_cache')
        .select(['value', 'expires_at'])
        .where('cache_key', '=', key)
        .executeTakeFirst();
      if (!row || Number(row.expires_at) <= now()) return undefined;
      return fromCacheJson<T>(row.value);
    },
    async put(key, value, ttlMs) {
      const row = { cache_key: key, value: toCacheJson(value), expires_at: now() + ttlMs };
      await db
        .insertInto('shared_cache')
        .values(row)
        .onConflict((oc) =>
          oc.column('cache_key').doUpdateSet({ value: row.value, expires_at: row.expires_at }),
        )
        .execute();
      if (++writes % SWEEP_EVERY === 0) {
        await db.deleteFrom('shared_cache').where('expires_at', '<=', now()).execute();
      }
    },
  };
}
