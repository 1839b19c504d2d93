import type { SharedCache } from '../../store/shared-cache.js';
import { maskPersonalData } from '../blocks/personal-data.js';
import { type KeyedStore, keyedStore } from './keyed-store.js';

/** A result already paid for, kept so it can be shared from any replica without a new call. */
export interface CachedResult {
  /** Who asked and where: sharing posts to this channel. */
  teamId: string;
  userId: string;
  channelId: string;
  /** What the command needs to draw its card again (its `card.kind` says which command). */
  card: StoredCard;
}

/** A result card as plain data, so any replica can render it again. */
export interface StoredCard {
  kind: string;
  [field: string]: unknown;
}

/** Results, paging queries: how long their buttons keep working. */
export const RESULT_TTL_MS = 30 * 60_000;

export interface SharedResults {
  /**
   * Keeps a result for its Share button; undefined when it could not be kept (the store is
   * away): the answer is already paid for, so it is shown without the button rather than lost.
   */
  put(value: CachedResult): Promise<string | undefined>;
  get: KeyedStore<CachedResult>['get'];
}

/** Tries at keeping a result before its card goes out without Share, and the pause between. */
export const RESULT_PUT_TRIES = 2;
const RESULT_PUT_PAUSE_MS = 100;

/**
 * Kept results hold no whole phone number or receiver: they are masked before they are stored. A
 * failed write is tried once more (a fresh random key, so a retry can never mix two results):
 * the button is lost only when the store is away for both.
 */
export function sharedResults(cache: SharedCache, onError: (err: unknown) => void): SharedResults {
  const store = keyedStore<CachedResult>(cache, 'result', RESULT_TTL_MS);
  return {
    async put(value) {
      const masked = maskPersonalData(value);
      for (let tried = 1; ; tried++) {
        try {
          return await store.put(masked);
        } catch (err) {
          if (tried >= RESULT_PUT_TRIES) {
            onError(err);
            return undefined;
          }
          await new Promise((r) => setTimeout(r, RESULT_PUT_PAUSE_MS));
        }
      }
    },
    get: store.get,
  };
}
