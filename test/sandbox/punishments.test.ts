import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox } from '../../src/sandbox/index.js';
import { PATHS, postJson, startTestSandbox } from './http.js';

const ex = SANDBOX_EXAMPLES.punishments;
const WRAPPER = 'affiliate_punish_order_get_response';
let sandbox: Sandbox;
beforeAll(async () => {
  ({ sandbox } = await startTestSandbox());
});
afterAll(() => sandbox.close());

const ask = (body: Record<string, unknown>) => postJson(sandbox, PATHS.punishments, body);
const resultOf = (data: { [WRAPPER]: { result: unknown } }) =>
  data[WRAPPER].result as {
    data: { page_no: number | string; total_count: number | string; results: { result: Item[] } };
    result_code: number;
  };
interface Item {
  punish_status: string;
  aff_trade_create_time: string;
  plat_trade_id: number | string;
  aff_site_id: number | string;
}

describe('operation 5: affiliate punishment orders', () => {
  it('answers in the nested wrapper with both punish_status values, charged', async () => {
    const answer = await ask({ platform_user_id: ex.platformUserId, page_size: 100 });

    expect(answer.body.code).toBe(0);
    expect(answer.body.data.withholding_money).toBe(5);
    const result = resultOf(answer.body.data);
    const items = result.data.results.result;
    expect(items.length).toBe(Number(result.data.total_count));
    expect(new Set(items.map((i) => i.punish_status))).toEqual(new Set(['0', '1']));
    expect(items.some((i) => typeof i.plat_trade_id === 'string')).toBe(true);
    expect(items.some((i) => typeof i.plat_trade_id === 'number')).toBe(true);
  });

  it('accepts the old name taobao_user_id and a numeric id', async () => {
    const renamed = await ask({ platform_user_id: ex.platformUserId });
    const old = await ask({ taobao_user_id: Number(ex.platformUserId) });

    expect(old.body.data).toEqual(renamed.body.data);
  });

  it('reads filters at the top level or inside af_order_option alike', async () => {
    const first = resultOf((await ask({ platform_user_id: ex.platformUserId })).body.data).data
      .results.result[0]!;
    const filter = { start_time: '2024-03-01 00:00:00', span: 30, site_id: first.aff_site_id };

    const top = await ask({ platform_user_id: ex.platformUserId, ...filter });
    const nested = await ask({ platform_user_id: ex.platformUserId, af_order_option: filter });

    expect(top.body.data).toEqual(nested.body.data);
    expect(resultOf(top.body.data).data.results.result.length).toBeGreaterThan(0);
    for (const item of resultOf(top.body.data).data.results.result) {
      expect(item.aff_trade_create_time >= '2024-03-01').toBe(true);
      expect(item.aff_trade_create_time < '2024-03-31').toBe(true);
      expect(String(item.aff_site_id)).toBe(String(first.aff_site_id));
    }
  });

  it('serves paging numbers as strings on even pages', async () => {
    const page2 = await ask({ platform_user_id: ex.platformUserId, page_no: 2, page_size: 5 });

    const data = resultOf(page2.body.data).data;
    expect(data.page_no).toBe('2');
    expect(data.results.result).toHaveLength(5);
  });

  it('answers 302 with an authorization link for an unauthorized user', async () => {
    const answer = await ask({ platform_user_id: ex.unauthorizedUserId });

    expect(answer.body.code).toBe(302);
    expect(answer.body.data.url).toMatch(/^https:\/\/.+\/authorize\?.*1688000999/);
    expect(answer.body.data).not.toHaveProperty('withholding_money');
  });

  it.each([
    ['a missing user id', {}, /platform_user_id/],
    ['span over 30', { platform_user_id: '1688000101', span: 31 }, /span/],
    ['a retired field', { platform_user_id: '1688000101', punish_status: 0 }, /punish_status/],
    [
      'an unreadable start_time',
      { platform_user_id: '1688000101', start_time: 'May' },
      /start_time/,
    ],
  ])('refuses %s with code 100', async (_, body, msg) => {
    const answer = await ask(body);

    expect(answer.body.code).toBe(100);
    expect(answer.body.msg).toMatch(msg);
  });
});
