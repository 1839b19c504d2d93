import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox } from '../../src/sandbox/index.js';
import { PATHS, postForm, startTestSandbox } from './http.js';

const ex = SANDBOX_EXAMPLES.shopOrders;
let sandbox: Sandbox;
beforeAll(async () => {
  ({ sandbox } = await startTestSandbox());
});
afterAll(() => sandbox.close());

const ask = (fields: Record<string, string>) =>
  postForm(sandbox, PATHS.shopOrders, { owner_id: ex.ownerId, ...fields });
type Row = Record<string, unknown>;

async function allRows(): Promise<Row[]> {
  const pages = await Promise.all(['0', '1', '2'].map((page) => ask({ page, pageSize: '100' })));
  return pages.flatMap((p) => p.body.data.content);
}

describe('operation 7: shop orders', () => {
  it('pages 250 orders from page 0, enhanced naming, charged', async () => {
    const first = await ask({});
    const rows = await allRows();

    expect(first.body.code).toBe(0);
    expect(first.body.data).toMatchObject({ page: 0, pageSize: 20, totalElements: 250 });
    expect(first.body.data.content).toHaveLength(20);
    expect(first.body.data.withholding_money).toBe(5);
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((r) => r.order_sn)).size).toBe(250);
  });

  it('uses the other paging naming on the ordinary edition', async () => {
    const answer = await ask({ vvtype: '2', page: '1', pageSize: '50' });

    expect(answer.body.data).toMatchObject({ page: '1', page_size: '50', total_elements: '250' });
    expect(answer.body.data.content).toHaveLength(50);
  });

  it('serves every awkward form the document shows', async () => {
    const rows = await allRows();

    const types = (field: string) => new Set(rows.map((r) => typeof r[field]));
    expect(types('is_pre_sale')).toEqual(new Set(['boolean', 'string']));
    expect(types('last_ship_time')).toEqual(new Set(['number', 'string']));
    expect(types('confirm_time')).toEqual(new Set(['number', 'string']));
    expect(types('goods_count')).toEqual(new Set(['number', 'string']));
    expect(types('pay_amount')).toEqual(new Set(['number', 'string']));
    expect(types('order_status')).toEqual(new Set(['number', 'string']));
    expect(rows.some((r) => r.remark_tag === null && r.remark_tag_name === null)).toBe(true);
    expect(rows.some((r) => 'address' in r)).toBe(true);
    expect(rows.some((r) => 'receiver_address' in r)).toBe(true);
    expect(rows.some((r) => /^\d{4}-\d{2}-\d{2} /.test(String(r.confirm_time)))).toBe(true);
  });

  it('filters by remarkTag and by confirm-time window on the enhanced edition', async () => {
    const tagged = await ask({ remarkTag: '3', pageSize: '100' });
    const window = await ask({
      start_time: '2024-04-28 00:00:00',
      end_time: '2024-04-29 00:00:00',
      pageSize: '100',
    });

    const tags = tagged.body.data.content.map((r: Row) => String(r.remark_tag));
    expect(tags.length).toBeGreaterThan(0);
    expect(new Set(tags)).toEqual(new Set(['3']));
    expect(window.body.data.totalElements).toBe(12);
  });

  it('answers 302 with an authorization link for an unauthorized shop, uncharged', async () => {
    const answer = await postForm(sandbox, PATHS.shopOrders, { owner_id: ex.unauthorizedOwnerId });

    expect(answer.body.code).toBe(302);
    expect(answer.body.data.url).toContain(ex.unauthorizedOwnerId);
    expect(answer.body.data.url).toMatch(/^https:\/\/.+\/authorize\?/);
  });

  it.each([
    ['pageSize over 100', { pageSize: '101' }, /pageSize/],
    ['remarkTag outside 1..5', { remarkTag: '6' }, /remarkTag/],
    ['an unknown vvtype', { vvtype: '3' }, /vvtype/],
    ['an enhanced filter on the ordinary edition', { vvtype: '2', remark: 'gift' }, /remark/],
    ['a missing owner_id', { owner_id: '' }, /owner_id/],
  ])('refuses %s with code 100', async (_, fields, msg) => {
    const answer = await ask(fields);

    expect(answer.body.code).toBe(100);
    expect(answer.body.msg).toMatch(msg);
  });
});
