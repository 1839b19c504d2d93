import { afterEach, describe, expect, it } from 'vitest';
import { RESULT_PUT_TRIES, sharedResults } from '../../../src/slack/caches/shared-results.js';
import { createSharedCache, type SharedCache } from '../../../src/store/shared-cache.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../../fakes/databases.js';

/** The store's own cache, whose next `failures` writes fail as a store that is away would. */
function failingFirst(cache: SharedCache, failures: number): SharedCache & { tries: number } {
  const faulty = {
    tries: 0,
    get: cache.get.bind(cache),
    async put(key: string, value: unknown, ttlMs: number) {
      faulty.tries += 1;
      if (faulty.tries <= failures) throw new Error(`store away (write ${faulty.tries})`);
      await cache.put(key, value, ttlMs);
    },
  };
  return faulty;
}

const result = { teamId: 'T1', userId: 'U1', channelId: 'C1', card: { kind: 'account', n: 7 } };

describe.each(DIALECTS)('results kept for Share on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('a write that fails once is tried again, and the result is kept', async () => {
    database = await freshDatabase(dialect);
    const cache = failingFirst(createSharedCache((await database.open()).db), 1);
    const errors: unknown[] = [];
    const results = sharedResults(cache, (err) => errors.push(err));

    const key = await results.put(result);
    expect(key).toEqual(expect.any(String));
    expect(await results.get(key!)).toEqual(result);
    expect(cache.tries).toBe(2);
    expect(errors).toEqual([]);
  });

  it('when every try fails, no key and one error for the log', async () => {
    database = await freshDatabase(dialect);
    const cache = failingFirst(createSharedCache((await database.open()).db), RESULT_PUT_TRIES);
    const errors: unknown[] = [];
    const results = sharedResults(cache, (err) => errors.push(err));

    expect(await results.put(result)).toBeUndefined();
    expect(cache.tries).toBe(RESULT_PUT_TRIES);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain(`store away (write ${RESULT_PUT_TRIES})`);
  });
});
