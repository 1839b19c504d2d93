import { afterEach, describe, expect, it } from 'vitest';
import { extraWaitingOrder, SANDBOX_EXAMPLES, type Sandbox } from '../../src/sandbox/index.js';
import { get, PATHS, startTestSandbox, T0 } from './http.js';

const ex = SANDBOX_EXAMPLES.payOrder;
let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function look(s: Sandbox, order_number: string) {
  const a = await get(s, PATHS.payOrder, { order_number, merchant_num: ex.merchantNum, type: '2' });
  const d = Array.isArray(a.body.data) ? a.body.data[0] : a.body.data;
  return { status: d.order_status, notified: d.order_notify_status, paidAt: d.order_pay_at };
}

describe('operation 6: live orders that move', () => {
  it('pay a set time after the first look-up and are called back late or never, by the clock alone', async () => {
    const t = await startTestSandbox({ orderPayAfterMs: 20_000, orderCallbackAfterMs: 360_000 });
    sandbox = t.sandbox;
    const late = ex.lateCallback.orderNumber;
    const never = ex.neverCalledBack.orderNumber;

    expect(await look(t.sandbox, late)).toEqual({ status: 0, notified: 0, paidAt: null });
    await look(t.sandbox, never);
    t.clock.now = T0 + 20_000;
    expect(await look(t.sandbox, late)).toEqual({
      status: 1,
      notified: 0,
      paidAt: '2024-05-01 12:00:20',
    });
    t.clock.now = T0 + 380_000;
    expect(await look(t.sandbox, late)).toMatchObject({ status: 1, notified: 1 });
    t.clock.now = T0 + 86_400_000;
    expect(await look(t.sandbox, never)).toMatchObject({ status: 1, notified: 0 });
  });

  it('move on demand (pay, callback, refund, cancel) and refuse a move their state does not allow', async () => {
    const t = await startTestSandbox();
    sandbox = t.sandbox;
    const o = ex.waits.orderNumber;

    expect(t.sandbox.moveOrder(o, 'callback')).toBe(false);
    expect(t.sandbox.moveOrder(o, 'pay')).toBe(true);
    expect(await look(t.sandbox, o)).toMatchObject({ status: 1, notified: 0 });
    expect(t.sandbox.moveOrder(o, 'callback')).toBe(true);
    expect(await look(t.sandbox, o)).toMatchObject({ status: 1, notified: 1 });
    expect(t.sandbox.moveOrder(o, 'refund')).toBe(true);
    expect(await look(t.sandbox, o)).toMatchObject({ status: 2 });
    expect(t.sandbox.moveOrder(o, 'cancel')).toBe(false);
    expect(t.sandbox.moveOrder('4200999999999999', 'pay')).toBe(false);
  });
});

describe('extra waiting orders (extraWaitingOrders)', () => {
  it('stay unpaid however long they are watched, and are paid the moment they are told', async () => {
    const t = await startTestSandbox({ extraWaitingOrders: 2 });
    sandbox = t.sandbox;
    const second = extraWaitingOrder(1);
    expect(await look(t.sandbox, second)).toEqual({ status: 0, notified: 0, paidAt: null });
    t.clock.now = T0 + 3_600_000;
    expect((await look(t.sandbox, second)).status).toBe(0);
    expect(t.sandbox.moveOrder(second, 'pay')).toBe(true);
    expect((await look(t.sandbox, second)).status).toBe(1);
    // The first is untouched; none past the count exists.
    expect((await look(t.sandbox, extraWaitingOrder(0))).status).toBe(0);
    expect(t.sandbox.moveOrder(extraWaitingOrder(2), 'pay')).toBe(false);
  });
});
