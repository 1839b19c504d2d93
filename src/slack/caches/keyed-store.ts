import { randomBytes } from 'node:crypto';
import type { SharedCache } from '../../store/shared-cache.js';

/** Values kept under fresh random keys (what a button carries), seen by every replica. */
export interface KeyedStore<T> {
  put(value: T): Promise<string>;
  get(key: string): Promise<T | undefined>;
}

export function keyedStore<T>(cache: SharedCache, prefix: string, ttlMs: number): KeyedStore<T> {
  return {
    async put(value) {
      const key = randomBytes(12).toString('base64url');
      await cache.put(`${prefix}:${key}`, value, ttlMs);
      return key;
    },
    get: (key) => cache.get<T>(`${prefix}:${key}`),
  };
}
