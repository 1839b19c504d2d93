import { Redis } from 'ioredis';

/**
 * The shared limit's Redis connection. Its own module, imported on demand (only with REDIS_URL),
 * so ioredis is loaded by a static import: `await import('ioredis')` of the CommonJS package had
 * no named `Redis` export once bundled (scripts/bundle.mjs).
 */
export function redisConnection(url: string): Redis {
  return new Redis(url, {
    // Fail fast while disconnected: the fallback takes over instead of commands piling up.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    retryStrategy: (times) => Math.min(times * 200, 1_000),
  });
}
