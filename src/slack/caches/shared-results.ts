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

/** Kept results hold no whole phone number or receiver: they are masked before they are stored. */
export function sharedResults(cache: SharedCache, onError: (err: unknown) => void): SharedResults {
  const store = keyedStore<CachedResult>(cache, 'result', RESULT_TTL_MS);
  return {
    put: (value) =>
      store.put(maskPersonalData(value)).catch((err: unknown) => {
        onError(err);
        return undefined;
      }),
    get: store.get,
  };
}
