import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox } from '../../src/sandbox/index.js';
import { get, PATHS, startTestSandbox } from './http.js';

const ex = SANDBOX_EXAMPLES.account;
let sandbox: Sandbox;
beforeAll(async () => {
  ({ sandbox } = await startTestSandbox());
});
afterAll(() => sandbox.close());

describe('operation 2: account data', () => {
  it('returns analytics for the example media_mark, charged 20 points', async () => {
    const answer = await get(sandbox, PATHS.accountData, { media_mark: ex.mediaMark });

    const d = answer.body.data;
    expect(answer.body.code).toBe(0);
    expect(d.withholding_money).toBe(20);
    expect(d.phone).toBe(ex.phone);
    expect(d.result_list).toHaveLength(7);
    expect(d.result_list.map((r: { date: string }) => r.date)).toEqual([
      '2024-04-24',
      '2024-04-25',
      '2024-04-26',
      '2024-04-27',
      '2024-04-28',
      '2024-04-29',
      '2024-04-30',
    ]);
    expect(d.fans_list).toHaveLength(100);
    expect(d.attention_list.length).toBeGreaterThan(0);
    expect(d.antistop).toMatch(/^[^,]+\(\d+\)(,[^,]+\(\d+\))*$/);
    expect(d.fans_age_distributes[0]).toHaveProperty('keyold');
    expect(d.territory_distributes[0]).toHaveProperty('key_district');
    expect(d.interest_distributions[0]).toHaveProperty('keyworkd');
    expect(['i', 'm', 's', 'k']).toContain(d.e_account_role);
  });

  it('finds the same account by its bound phone', async () => {
    const byMark = await get(sandbox, PATHS.accountData, { media_mark: ex.mediaMark });
    const byPhone = await get(sandbox, PATHS.accountData, { phone: ex.phone });

    expect(byPhone.body.data).toEqual(byMark.body.data);
  });

  it('answers 103 for an account that does not exist', async () => {
    const answer = await get(sandbox, PATHS.accountData, { media_mark: 'nobody_here' });

    expect(answer.body).toMatchObject({ code: 103, data: '' });
  });

  it('answers 100 when none of session_id, phone, media_mark is sent', async () => {
    const answer = await get(sandbox, PATHS.accountData, {});

    expect(answer.body.code).toBe(100);
    expect(answer.body.msg).toMatch(/session_id.*phone.*media_mark/);
  });
});
