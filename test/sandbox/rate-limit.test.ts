import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { get, PATHS, startTestSandbox } from './http.js';

const ex = SANDBOX_EXAMPLES.payOrder;
const payOrder = { order_number: ex.paid.orderNumber, merchant_num: ex.merchantNum, type: '2' };
const account = { media_mark: SANDBOX_EXAMPLES.account.mediaMark };

let open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

describe('rate limit: 10 requests per second per operation', () => {
  it('refuses the 11th call of one operation with HTTP 429, Retry-After and code 202', async () => {
    const { sandbox } = await startTestSandbox({ rateLimitPerSecond: 10 });
    open.push(sandbox);

    const answers = await Promise.all(
      Array.from({ length: 11 }, () => get(sandbox, PATHS.accountData, account)),
    );

    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.headers.get('retry-after')).toBe('1');
    expect(refused[0]!.body).toMatchObject({ code: 202, msg: 'rate limited' });
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(10);
    expect(sandbox.ledger().byOperation.accountData).toEqual({
      charged: 10 * 20,
      refunded: 0,
      calls: 11,
    });
  });

  it('leaves another operation unaffected while one is limited', async () => {
    const { sandbox } = await startTestSandbox({ rateLimitPerSecond: 10 });
    open.push(sandbox);
    await Promise.all(Array.from({ length: 12 }, () => get(sandbox, PATHS.accountData, account)));

    const other = await get(sandbox, PATHS.payOrder, payOrder);

    expect(other.status).toBe(200);
    expect(other.body.code).toBe(0);
  });

  it('admits the operation again once the 1-second window has slid past', async () => {
    const { sandbox, clock } = await startTestSandbox({ rateLimitPerSecond: 10 });
    open.push(sandbox);
    for (let i = 0; i < 10; i += 1) {
      clock.now += 50;
      await get(sandbox, PATHS.payOrder, payOrder);
    }

    const tooSoon = await get(sandbox, PATHS.payOrder, payOrder);
    clock.now += 1000 - 9 * 50;
    const after = await get(sandbox, PATHS.payOrder, payOrder);

    expect(tooSoon.status).toBe(429);
    expect(after.status).toBe(200);
    const log = sandbox.requests().filter((r) => r.op === 'payOrder');
    expect(log.map((r) => r.httpStatus)).toEqual([...Array(10).fill(200), 429, 200]);
    expect(log[0]!.at).toBeLessThan(log.at(-1)!.at);
  });

  it('holds on the real clock: no more than 10 admitted in any 1-second window', async () => {
    const sandbox = await startSandbox({ rateLimitPerSecond: 10 });
    open.push(sandbox);

    await Promise.all(Array.from({ length: 25 }, () => get(sandbox, PATHS.payOrder, payOrder)));

    const admitted = sandbox
      .requests()
      .filter((r) => r.httpStatus === 200)
      .map((r) => r.at);
    for (const t of admitted) {
      expect(admitted.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(10);
    }
    expect(admitted.length).toBeGreaterThanOrEqual(10);
  });
});
