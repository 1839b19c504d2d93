import type { Db } from './database.js';

/** Expired rows are swept on roughly one claim in this many. */
const SWEEP_EVERY = 100;

export interface IdempotencyKeys {
  /**
   * True for the first claim of `key` (or the first after its earlier claim expired), false while
   * another claim holds it. Atomic across replicas: the row's primary key decides.
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
}

export function createIdempotencyKeys(db: Db, now: () => number = Date.now): IdempotencyKeys {
  let claims = 0;
  return {
    async claim(key, ttlMs) {
      const at = now();
      const result = await db
        .insertInto('idempotency_keys')
        .values({ idem_key: key, expires_at: at + ttlMs })
        .onConflict((oc) =>
          oc
            .column('idem_key')
            .doUpdateSet({ expires_at: at + ttlMs })
            .where('idempotency_keys.expires_at', '<=', at),
        )
        .executeTakeFirst();
      if (++claims % SWEEP_EVERY === 0) {
        await db.deleteFrom('idempotency_keys').where('expires_at', '<=', at).execute();
      }
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}
