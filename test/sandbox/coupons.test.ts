import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox } from '../../src/sandbox/index.js';
import { PATHS, postForm, postUrlEncoded, startTestSandbox } from './http.js';

const DAY = 86_400;
/** 2024-05-01 00:00 in Shanghai, epoch seconds: the sandbox's anchor day in these tests */
const DAY0 = Date.UTC(2024, 3, 30, 16) / 1000;
let sandbox: Sandbox;
beforeAll(async () => {
  ({ sandbox } = await startTestSandbox());
});
afterAll(() => sandbox.close());

const week = (weeksBack: number, extra: Record<string, string> = {}) => ({
  startTime: String(DAY0 - (weeksBack + 1) * 7 * DAY),
  endTime: String(DAY0 - weeksBack * 7 * DAY),
  page: '1',
  limit: '1000',
  sid: SANDBOX_EXAMPLES.coupons.sid,
  type: '4',
  ...extra,
});

describe('operation 4: coupons', () => {
  it('lists claims inside the window, as documented strings, charged', async () => {
    const q = week(0);

    const answer = await postForm(sandbox, PATHS.coupons, q);

    expect(answer.body.code).toBe(0);
    const list = answer.body.data.dataList;
    expect(list.length).toBeGreaterThan(0);
    expect(Number(answer.body.data.total)).toBe(list.length);
    expect(answer.body.data.withholding_money).toBe(5);
    for (const c of list) {
      expect(c.sid).toBe(q.sid);
      expect(c.couponType).toBe('WAIMAI_COUPON');
      expect(c.beginTime).toMatch(/^\d{10}$/);
      expect(Number(c.beginTime)).toBeGreaterThanOrEqual(Number(q.startTime));
      expect(Number(c.beginTime)).toBeLessThanOrEqual(Number(q.endTime));
      expect(c.couponTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
  });

  it('accepts urlencoded fields as well as multipart', async () => {
    const multipart = await postForm(sandbox, PATHS.coupons, week(1));
    const urlencoded = await postUrlEncoded(sandbox, PATHS.coupons, week(1));

    expect(urlencoded.body.data).toEqual(multipart.body.data);
  });

  it('pages from 1 with limit, without overlap', async () => {
    const all = (await postForm(sandbox, PATHS.coupons, week(2))).body.data.dataList;
    const p1 = await postForm(sandbox, PATHS.coupons, week(2, { limit: '3', page: '1' }));
    const p2 = await postForm(sandbox, PATHS.coupons, week(2, { limit: '3', page: '2' }));

    const codes = [...p1.body.data.dataList, ...p2.body.data.dataList].map(
      (c: { couponCode: string }) => c.couponCode,
    );
    expect(codes).toEqual(all.slice(0, 6).map((c: { couponCode: string }) => c.couponCode));
  });

  it('serves total both as a number and as a string across answers', async () => {
    const answers = await Promise.all(
      [0, 1, 2, 3, 4]
        .flatMap((w) => ['1', '2'].map((page) => week(w, { page, limit: '5' })))
        .map((q) => postForm(sandbox, PATHS.coupons, q)),
    );

    const kinds = new Set(answers.map((a) => typeof a.body.data.total));
    expect(kinds).toEqual(new Set(['number', 'string']));
  });

  it.each([
    ['a window over 7 days', { startTime: String(DAY0 - 8 * DAY) }, /7 days/],
    ['limit over 1000', { limit: '1001' }, /limit/],
    ['a type other than 4 or 6', { type: '5' }, /type/],
    ['a missing sid', { sid: '' }, /sid/],
    ['page 0', { page: '0' }, /page/],
  ])('refuses %s with code 100', async (_, extra, msg) => {
    const answer = await postForm(sandbox, PATHS.coupons, week(0, extra));

    expect(answer.body.code).toBe(100);
    expect(answer.body.msg).toMatch(msg);
  });
});
