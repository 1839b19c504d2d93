import { afterEach, describe, expect, it } from 'vitest';
import { createSharedCache, fromCacheJson, toCacheJson } from '../../src/store/shared-cache.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';

describe('cache JSON', () => {
  it('brings Dates back as Dates, nested anywhere, and leaves look-alike strings alone', () => {
    const value = {
      a: new Date('2024-05-01T02:00:00Z'),
      list: [{ at: new Date(0) }],
      s: '2024-05-01T02:00:00.000Z',
    };
    const back = fromCacheJson<typeof value>(toCacheJson(value));
    expect(back.a).toBeInstanceOf(Date);
    expect(back.a.toISOString()).toBe('2024-05-01T02:00:00.000Z');
    expect(back.list[0]!.at.getTime()).toBe(0);
    expect(back.s).toBe('2024-05-01T02:00:00.000Z');
  });
});

describe.each(DIALECTS)('shared cache on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('one replica reads what another wrote, until it expires; a later write replaces it', async () => {
    database = await freshDatabase(dialect);
    const [a, b] = await Promise.all([database.open(), database.open()]);
    let now = 1_000_000;
    const ca = createSharedCache(a.db, () => now);
    const cb = createSharedCache(b.db, () => now);

    await ca.put('k', { n: 1, when: new Date(5) }, 1000);
    expect(await cb.get('k')).toEqual({ n: 1, when: new Date(5) });
    await cb.put('k', { n: 2 }, 1000);
    expect(await ca.get('k')).toEqual({ n: 2 });
    now += 1000;
    expect(await ca.get('k')).toBeUndefined();
    expect(await cb.get('missing')).toBeUndefined();
  });
});
