import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallWithdrawn } from '../../src/gateway/call.js';
import {
  type ChargeEvent,
  createGatewayClient,
  type GatewayClient,
} from '../../src/gateway/client.js';
import { GatewayApiError } from '../../src/gateway/errors.js';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { captureLogger } from '../fakes/log-capture.js';

const X = SANDBOX_EXAMPLES;
const ctx = { token: 'sandbox-token', workspaceId: 'T1', userId: 'U1' };
let sandbox: Sandbox;
let client: GatewayClient;
const charges: ChargeEvent[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1', qrScanAfterMs: 100_000 });
  client = createGatewayClient({
    baseUrl: sandbox.url,
    logger: captureLogger('warn').logger,
    timeZone: 'Asia/Shanghai',
    sandbox: true,
    onCharge: (e) => {
      charges.push(e);
    },
  });
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});

describe('the client against the sandbox over loopback: all seven operations', () => {
  it('1 and 3: creates a QR session and reads its status', async () => {
    const created = await client.call(
      'qrCreate',
      { mediaMark: X.account.mediaMark, landingPage: '2' },
      ctx,
    );
    expect(created.data.sessionId).toMatch(/\S/);
    expect(created.data.url).toMatch(/^https:\/\//);
    expect(created.points).toBeGreaterThan(0);
    const status = await client.call('qrStatus', { sessionId: created.data.sessionId }, ctx);
    expect(status.data.status).toBe(1);
    expect(status.kind).toBe('charge');
  });

  it('3: an expired session is a refund of the creation cost, reported as such', async () => {
    const created = await client.call('qrCreate', { mediaMark: X.account.mediaMark }, ctx);
    sandbox.simulateExpire(created.data.sessionId);
    const status = await client.call('qrStatus', { sessionId: created.data.sessionId }, ctx);
    expect(status.data.status).toBe(3);
    expect(status.kind).toBe('refund');
    expect(status.points).toBe(created.points);
    expect(charges.at(-1)).toMatchObject({
      kind: 'refund',
      qrSessionId: created.data.sessionId,
      points: created.points,
    });
  });

  it('2: account analytics by media mark', async () => {
    const a = await client.call('accountData', { mediaMark: X.account.mediaMark }, ctx);
    expect(a.data.name).toMatch(/\S/);
    expect(a.data.daily).toHaveLength(7);
    expect(a.data.fans.length).toBeGreaterThan(0);
  });

  it('4: coupons in a 7-day window', async () => {
    const end = new Date();
    const start = new Date(end.getTime() - 7 * 86_400_000 + 1000);
    const c = await client.call(
      'coupons',
      { sid: X.coupons.sid, kind: 'takeout', start, end, page: 1, limit: 50 },
      ctx,
    );
    expect(c.data.total).toBeGreaterThanOrEqual(c.data.rows.length);
  });

  it('5: punishment orders, nested wrapper and all', async () => {
    const p = await client.call(
      'punishments',
      { platformUserId: X.punishments.platformUserId, page: 1, pageSize: 20 },
      ctx,
    );
    expect(p.data.rows.length).toBeGreaterThan(0);
    expect(p.data.page.totalCount).toBeGreaterThanOrEqual(p.data.rows.length);
  });

  it('6: payment orders in both data forms, free of charge', async () => {
    for (const o of [X.payOrder.unpaid, X.payOrder.paid]) {
      const r = await client.call(
        'payOrder',
        { orderNumber: o.orderNumber, merchantNum: X.payOrder.merchantNum, kind: 'platform' },
        ctx,
      );
      expect(r.data.orderNumber).toBe(o.orderNumber);
      expect(Number.isInteger(r.data.orderPriceFen)).toBe(true);
      expect(r.points).toBe(0);
    }
  });

  it('7: shop orders in both editions and paging namings', async () => {
    const enhanced = await client.call(
      'shopOrders',
      { ownerId: X.shopOrders.ownerId, page: 1, pageSize: 100 },
      ctx,
    );
    expect(enhanced.data.total).toBe(X.shopOrders.orderCount);
    expect(enhanced.data.orders).toHaveLength(100);
    const ordinary = await client.call(
      'shopOrders',
      { ownerId: X.shopOrders.ownerId, edition: 'ordinary', page: 2, pageSize: 100 },
      ctx,
    );
    expect(ordinary.data.total).toBe(X.shopOrders.orderCount);
    expect(ordinary.data.orders).toHaveLength(50);
  });

  it('7: an unauthorized shop is a 302 with a link to authorize', async () => {
    const err = await client
      .call('shopOrders', { ownerId: X.shopOrders.unauthorizedOwnerId }, ctx)
      .catch((e) => e);
    expect(err).toBeInstanceOf(GatewayApiError);
    expect(err.authUrl).toMatch(/^https:\/\//);
  });

  it('a missing token is the sandbox 401, read as a credential error', async () => {
    const err = await client
      .call(
        'payOrder',
        { orderNumber: 'x', merchantNum: 'y', kind: 'platform' },
        { ...ctx, token: '' },
      )
      .catch((e) => e);
    expect(err).toMatchObject({ code: 401, reason: 'credential' });
  });

  it('a background call withdrawn while it waited its turn is never sent nor charged', async () => {
    const created = await client.call('qrCreate', { mediaMark: X.account.mediaMark }, ctx);
    const sessionId = created.data.sessionId;
    const checksOf = () =>
      sandbox.requests().filter((r) => r.op === 'qrStatus' && r.subject === sessionId).length;
    const chargesBefore = charges.length;
    // Ten people's checks fill this token's second for operation 3; the background one waits.
    const people = Array.from({ length: 10 }, () => client.call('qrStatus', { sessionId }, ctx));
    let mine = true;
    const asked: number[] = [];
    const background = client
      .call('qrStatus', { sessionId }, ctx, {
        priority: 'background',
        mayStillSend: () => {
          asked.push(performance.now());
          return mine;
        },
      })
      .catch((e: unknown) => e);
    const queuedAt = performance.now();
    // Its lease goes while it waits.
    setTimeout(() => {
      mine = false;
    }, 100);
    await Promise.all(people);
    const err = await background;
    expect(err).toBeInstanceOf(CallWithdrawn);
    // Asked once, when its turn came (after the wait, not when it was queued).
    expect(asked).toHaveLength(1);
    expect(asked[0]! - queuedAt).toBeGreaterThan(100);
    expect(checksOf()).toBe(10);
    expect(charges.length - chargesBefore).toBe(10);

    // Still ours: it goes.
    const sent = await client.call('qrStatus', { sessionId }, ctx, {
      priority: 'background',
      mayStillSend: () => true,
    });
    expect(sent.data.status).toBe(1);
    expect(checksOf()).toBe(11);
  });

  it("the client's charges add up to the sandbox's own record", () => {
    const net = charges.reduce((sum, c) => sum + (c.kind === 'refund' ? -c.points : c.points), 0);
    const ledger = sandbox.ledger();
    expect(net).toBe(ledger.charged - ledger.refunded);
  });
});
