import { afterEach, describe, expect, it } from 'vitest';
import { createIdempotencyKeys } from '../../src/store/idempotency.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';

let db: TestDatabase | undefined;
afterEach(async () => {
  await db?.dispose();
  db = undefined;
});

describe.each(DIALECTS)('idempotency keys on %s', (dialect) => {
  it('lets one of two replicas claiming the same key at once win, and frees it after its window', async () => {
    db = await freshDatabase(dialect);
    let now = 1_000_000;
    const one = createIdempotencyKeys((await db.open()).db, () => now);
    const two = createIdempotencyKeys((await db.open()).db, () => now);

    const claims = await Promise.all([
      ...Array.from({ length: 5 }, () => one.claim('action:T:U:1.1:x', 10_000)),
      ...Array.from({ length: 5 }, () => two.claim('action:T:U:1.1:x', 10_000)),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    now += 9_999;
    expect(await two.claim('action:T:U:1.1:x', 10_000)).toBe(false);
    now += 1;
    expect(await two.claim('action:T:U:1.1:x', 10_000)).toBe(true);
    expect(await one.claim('action:T:U:1.1:x', 10_000)).toBe(false);
    expect(await one.claim('action:T:U:1.1:y', 10_000)).toBe(true);
  });
});
