import { afterEach, describe, expect, it } from 'vitest';
import { type FaultKind, type Sandbox, startSandbox } from '../../src/sandbox/index.js';

const QR_CREATE = '/papi/tool/accounts/set-media-url?media_mark=sbx_lanting_food';
const auth = { authorization: 'Bearer t' };

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function withFault(kind: FaultKind) {
  sandbox = await startSandbox({ faults: { rate: 1, kinds: [kind], stallMs: 300 } });
  const started = Date.now();
  const outcome = await fetch(`${sandbox.url}${QR_CREATE}`, { headers: auth }).then(
    async (r) => ({
      status: r.status,
      body: await r.text(),
      retryAfter: r.headers.get('retry-after'),
    }),
    (err: Error) => ({ error: err.message }),
  );
  return { outcome, ms: Date.now() - started, sandbox };
}

describe('sandbox fault injection', () => {
  it.each([
    ['101', { status: 200 }, /"code":101/],
    ['202', { status: 429, retryAfter: '1' }, /"code":202/],
    ['5xx', { status: 502 }, /Bad Gateway/],
    ['malformed', { status: 200 }, /^\{"code":0.*"data":\{"order_$/],
  ] as const)(
    'answers %s instead of the operation, and charges nothing',
    async (kind, want, body) => {
      const { outcome, sandbox: s } = await withFault(kind);
      expect(outcome).toMatchObject(want);
      expect((outcome as { body: string }).body).toMatch(body);
      expect(s.ledger().charged).toBe(0);
      expect(s.faults()[kind]).toBe(1);
    },
  );

  it('drops the connection on a reset, and after a stall', async () => {
    const reset = await withFault('reset');
    expect(reset.outcome).toHaveProperty('error');
    await sandbox!.close();
    const stall = await withFault('stall');
    expect(stall.outcome).toHaveProperty('error');
    expect(stall.ms).toBeGreaterThanOrEqual(250);
    expect(stall.sandbox.ledger().charged).toBe(0);
  });

  it('injects exactly the asked share, spread out, and can be switched off', async () => {
    sandbox = await startSandbox({
      rateLimitPerSecond: 10_000,
      faults: { rate: 0.3, kinds: ['101'] },
    });
    const codes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const r = await fetch(`${sandbox.url}${QR_CREATE}`, { headers: auth });
      codes.push(((await r.json()) as { code: number }).code);
    }
    const faulted = codes.filter((c) => c === 101).length;
    expect(faulted).toBe(60);
    // Spread out: never more than one fault in a row at 30 %.
    expect(codes.join(',')).not.toMatch(/101,101/);
    // Exactly the code-0 answers are charged (10 points each).
    expect(sandbox.ledger().charged).toBe(10 * codes.filter((c) => c === 0).length);
    sandbox.setFaults(undefined);
    const after = await fetch(`${sandbox.url}${QR_CREATE}`, { headers: auth });
    expect(((await after.json()) as { code: number }).code).toBe(0);
  });
});
