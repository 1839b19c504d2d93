import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/translator.js';
import { homeView } from '../../../src/slack/blocks/home-view.js';
import { checkView } from '../../../src/slack/blocks/limits.js';
import { loadHomeData } from '../../../src/slack/spend/home-data.js';
import type { Store } from '../../../src/store/open-store.js';
import { DIALECTS } from '../../fakes/databases.js';
import { charge, ledgerPerTest, refund } from '../../fakes/ledger.js';

const EN = translator('en');
const ZONE = 'Asia/Shanghai';

async function addQrSession(
  store: Store,
  s: {
    id: string;
    media: string;
    state: 1 | 2 | 3;
    watch: 'watching' | 'done';
    at: number;
    user?: string;
  },
) {
  await store.db
    .insertInto('qr_sessions')
    .values({
      workspace_id: 'T1',
      session_id: s.id,
      channel_id: 'C9',
      user_id: s.user ?? 'U1',
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
  const freshLedger = ledgerPerTest(dialect);

  it("shows the workspace's today, week and budget, and the viewer's own last 10 queries and live QR sessions", async () => {
    const fresh = await freshLedger('2026-11-18T02:00:00Z');
    const { time, ledger } = fresh;
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
    await addQrSession(fresh.store, {
      id: 'qr-c',
      media: 'someone-elses-shop',
      state: 1,
      watch: 'watching',
      at,
      user: 'U2',
    });
    time.set('2026-11-21T04:00:00Z');

    const data = await loadHomeData(ledger, fresh.store, 'T1', time.clock(), ZONE, 'U1');
    const view = homeView({ ...data, budget: 100, sandbox: false }, EN);
    const json = JSON.stringify(view);

    expect(checkView(view)).toEqual([]);
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    expect(json).toContain('Today: 31 points net (33 charged, 2 refunded, 11 calls)');
    expect(json).toContain('Last 7 days: 81 points net');
    expect(json).toContain('Shop orders: 50 points (1 call)');
    expect(json).toContain('31 points of 100 points used, 69 points left');
    // Workspace figures stay whole (U2's refund and U7's call are in the totals above); the
    // lists are U1's own: ten of U1's eleven calls, no one else's query or QR session.
    expect(json.match(/<@U1> · Coupons · 3 points/g)).toHaveLength(10);
    expect(json).not.toContain('<@U2>');
    expect(json).not.toContain('<@U7>');
    expect(json).toContain('`shop-a` · scanned · <#C9>');
    expect(json).not.toContain('shop-b');
    expect(json).not.toContain('someone-elses-shop');

    const other = homeView(
      {
        ...(await loadHomeData(ledger, fresh.store, 'T1', time.clock(), ZONE, 'U2')),
        sandbox: false,
      },
      EN,
    );
    const otherJson = JSON.stringify(other);
    expect(otherJson).toContain('Today: 31 points net (33 charged, 2 refunded, 11 calls)');
    expect(otherJson).toContain('2026-11-21 09:00 · <@U2> · QR code · 2 points refunded');
    expect(otherJson).toContain('someone-elses-shop');
    expect(otherJson).not.toContain('<@U1>');
    expect(otherJson).not.toContain('shop-a');
  });

  it('says sandbox and stays valid with nothing recorded', async () => {
    const fresh = await freshLedger('2026-11-21T04:00:00Z');
    const { ledger } = fresh;

    const data = await loadHomeData(
      ledger,
      fresh.store,
      'T1',
      new Date('2026-11-21T04:00:00Z'),
      ZONE,
      'U1',
    );
    const view = homeView({ ...data, sandbox: true }, EN);
    const json = JSON.stringify(view);

    expect(checkView(view)).toEqual([]);
    expect(json).toContain('You have made no queries yet.');
    expect(json).toContain('unlimited (0 points spent today)');
    expect(json).toContain('sandbox');
  });
});
