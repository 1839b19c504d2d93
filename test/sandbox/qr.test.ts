import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { get, PATHS, startTestSandbox } from './http.js';

let open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

async function setup(options: { qrScanAfterMs?: number; qrExpireAfterMs?: number } = {}) {
  const started = await startTestSandbox(options);
  open.push(started.sandbox);
  const created = await get(started.sandbox, PATHS.qrCreate, {
    media_mark: 'sbx_city_walks',
    squeeze_page: '7',
  });
  const sessionId: string = created.body.data.session_id;
  const status = () => get(started.sandbox, PATHS.qrStatus, { session_id: sessionId });
  return { ...started, created, sessionId, status };
}

describe('QR sessions (operations 1, 3 and 2)', () => {
  it('creates a session with a QR url and charges the creation', async () => {
    const { sandbox, created, sessionId } = await setup();

    expect(created.body.code).toBe(0);
    expect(created.body.data.url).toBe(`https://sandbox.querydesk.invalid/qr/${sessionId}`);
    expect(created.body.data.withholding_money).toBe(10);
    expect(sandbox.sessions()[0]).toMatchObject({ squeezePage: '7', status: '1' });
    expect(sandbox.ledger().byOperation.qrCreate.charged).toBe(10);
  });

  it('moves from "1" not scanned to "2" scanned after qrScanAfterMs, as strings', async () => {
    const { clock, status, sandbox } = await setup({ qrScanAfterMs: 15_000 });

    const before = await status();
    clock.now += 15_000;
    const after = await status();

    expect(before.body.data).toMatchObject({ status: '1', withholding_money: 1 });
    expect(after.body.data).toMatchObject({ status: '2', withholding_money: 1 });
    expect(sandbox.ledger().byOperation.qrStatus).toMatchObject({ charged: 2, refunded: 0 });
    expect(sandbox.sessions()[0]?.paidChecks).toBe(2);
  });

  it('expires to "3" and refunds the creation exactly once in the ledger', async () => {
    const { clock, status, sandbox } = await setup({ qrExpireAfterMs: 60_000 });

    const pending = await status();
    clock.now += 60_000;
    const first = await status();
    const second = await status();

    expect(pending.body.data.status).toBe('1');
    expect(first.body.data).toMatchObject({ status: '3', withholding_money: 10 });
    expect(second.body.data).toMatchObject({ status: '3', withholding_money: 10 });
    const ledger = sandbox.ledger();
    expect(ledger.byOperation.qrStatus).toEqual({ charged: 1, refunded: 10, calls: 3 });
    // Per session: only the charged check counts, not the free status-3 answers.
    expect(sandbox.sessions()[0]?.paidChecks).toBe(1);
    expect(ledger).toMatchObject({ charged: 11, refunded: 10 });
  });

  it('follows simulateScan and simulateExpire, which only move a pending session', async () => {
    const { sandbox, sessionId, status } = await setup();

    expect(sandbox.simulateExpire(sessionId)).toBe(true);
    expect(sandbox.simulateScan(sessionId)).toBe(false);
    expect(sandbox.simulateScan('no-such-session')).toBe(false);

    expect((await status()).body.data.status).toBe('3');
    expect(sandbox.sessions()[0]).toMatchObject({ status: '3', refunded: true });
  });

  it('reads account data by session only after the scan (103 before)', async () => {
    const { sandbox, sessionId } = await setup();

    const early = await get(sandbox, PATHS.accountData, { session_id: sessionId });
    sandbox.simulateScan(sessionId);
    const late = await get(sandbox, PATHS.accountData, { session_id: sessionId });

    expect(early.body).toMatchObject({ code: 103, data: '' });
    expect(late.body.code).toBe(0);
    expect(late.body.data.name).toBe('City Walks');
  });

  it('answers an unknown session or a missing media_mark with code 100', async () => {
    const { sandbox } = await setup();

    const unknown = await get(sandbox, PATHS.qrStatus, { session_id: 'sbx-nope' });
    const noMark = await get(sandbox, PATHS.qrCreate, {});

    expect(unknown.body).toMatchObject({ code: 100 });
    expect(noMark.body).toMatchObject({ code: 100 });
    expect(noMark.body.msg).toContain('media_mark');
  });
});
