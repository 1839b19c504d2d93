import { afterEach, describe, expect, it } from 'vitest';
import { homeView } from '../../../src/slack/blocks/home-view.js';
import { checkView } from '../../../src/slack/blocks/limits.js';
import { loadHomeData } from '../../../src/slack/spend/home-data.js';
import type { Store } from '../../../src/store/open-store.js';
import { DIALECTS, freshStore, type TestDatabase } from '../../fakes/databases.js';
import { charge, ledgerOn, manualClock, refund } from '../../ledger/setup.js';

const ZONE = 'Asia/Shanghai';

async function addQrSession(
  store: Store,
  s: { id: string; media: string; state: 1 | 2 | 3; watch: 'watching' | 'done'; at: number },
) {
  await store.db
    .insertInto('qr_sessions')
    .values({
      workspace_id: 'T1',
      session_id: s.id,
      channel_id: 'C9',
      user_id: 'U1',
      media_mark: s.media,
      url: 'https://example.test/qr',
      state: s.state,
      watch_state: s.watch,
      next_check_at: s.at,
      checks_made: 0,
      points_charged: 0,
      created_at: s.at,
      updated_at: s.at,
    })
    .execute();
}

describe.each(DIALECTS)('Home tab on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('shows today, the week, the budget, the last 10 queries and the live QR sessions', async () => {
    const fresh = await freshStore(dialect);
    database = fresh.database;
    const time = manualClock('2026-11-18T02:00:00Z');
    const ledger = ledgerOn(fresh.store, time.clock);
    await ledger.record(charge(50, 'shopOrders', { userId: 'U7' }));
    time.set('2026-11-21T01:00:00Z'); // 09:00 in Shanghai
    for (let i = 0; i < 11; i++) await ledger.record(charge(3, 'coupons', { userId: 'U1' }));
    await ledger.record(refund(2, 'qr-1', { operation: 'qrCreate', userId: 'U2' }));
    const at = time.clock().getTime();
    await addQrSession(fresh.store, {
      id: 'qr-a',
      media: 'shop-a',
      state: 2,
      watch: 'watching',
      at,
    });
    await addQrSession(fresh.store, { id: 'qr-b', media: 'shop-b', state: 3, watch: 'done', at });
    time.set('2026-11-21T04:00:00Z');

    const data = await loadHomeData(ledger, fresh.store, 'T1', time.clock(), ZONE);
    const view = homeView({ ...data, budget: 100, sandbox: false });
    const json = JSON.stringify(view);

    expect(checkView(view)).toEqual([]);
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    expect(json).toContain('Today: 31 points net (33 charged, 2 refunded, 11 calls)');
    expect(json).toContain('Last 7 days: 81 points net');
    expect(json).toContain('Shop orders: 50 points (1 call)');
    expect(json).toContain('31 points of 100 points used, 69 points left');
    expect(json).toContain('2026-11-21 09:00 · <@U2> · QR code · 2 points refunded');
    expect(json.match(/<@U1> · Coupons · 3 points/g)).toHaveLength(9);
    expect(json).toContain('`shop-a` · scanned · <#C9>');
    expect(json).not.toContain('shop-b');
  });

  it('says sandbox and stays valid with nothing recorded', async () => {
    const fresh = await freshStore(dialect);
    database = fresh.database;
    const ledger = ledgerOn(fresh.store, () => new Date('2026-11-21T04:00:00Z'));

    const data = await loadHomeData(
      ledger,
      fresh.store,
      'T1',
      new Date('2026-11-21T04:00:00Z'),
      ZONE,
    );
    const view = homeView({ ...data, sandbox: true });
    const json = JSON.stringify(view);

    expect(checkView(view)).toEqual([]);
    expect(json).toContain('No queries yet.');
    expect(json).toContain('unlimited (0 points spent today)');
    expect(json).toContain('sandbox');
  });
});
