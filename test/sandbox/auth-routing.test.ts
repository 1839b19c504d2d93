import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox } from '../../src/sandbox/index.js';
import { get, PATHS, postForm, startTestSandbox, T0 } from './http.js';

let sandbox: Sandbox;
beforeAll(async () => {
  ({ sandbox } = await startTestSandbox({ tokens: ['good-token'] }));
});
afterAll(() => sandbox.close());

const query = { media_mark: SANDBOX_EXAMPLES.account.mediaMark };

describe('envelope, bearer check and routing', () => {
  it('answers a valid token with the full envelope and HTTP 200', async () => {
    const answer = await get(sandbox, PATHS.accountData, query, 'good-token');

    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(Object.keys(answer.body).sort()).toEqual(['code', 'data', 'msec', 'msg', 'time']);
    expect(answer.body.code).toBe(0);
    expect(answer.body.time).toBe(Math.floor(T0 / 1000));
  });

  it('answers code 401 when the header is missing, empty or names an unknown token', async () => {
    const missing = await get(sandbox, PATHS.accountData, query, null);
    const empty = await get(sandbox, PATHS.accountData, query, '');
    const wrong = await get(sandbox, PATHS.accountData, query, 'stolen-token');

    for (const a of [missing, empty, wrong]) {
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ code: 401, data: '' });
    }
  });

  it('does not charge a refused call', async () => {
    const before = sandbox.ledger().byOperation.accountData.charged;

    await get(sandbox, PATHS.accountData, query, null);

    expect(sandbox.ledger().byOperation.accountData.charged).toBe(before);
  });

  it('answers code 404 for a wrong path or a wrong method', async () => {
    const wrongPath = await get(sandbox, '/papi/tool/accounts/nope', {}, 'good-token');
    const wrongMethod = await postForm(sandbox, PATHS.payOrder, { type: '1' }, 'good-token');

    expect(wrongPath.body).toMatchObject({ code: 404 });
    expect(wrongMethod.body).toMatchObject({ code: 404 });
    expect(wrongMethod.status).toBe(200);
    const logged = sandbox.requests().filter((r) => r.code === 404);
    expect(logged.map((r) => r.op)).toEqual([null, null]);
  });
});
