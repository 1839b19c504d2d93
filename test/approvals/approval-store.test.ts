import { afterEach, describe, expect, it } from 'vitest';
import {
  APPROVAL_KEPT_MS,
  type ApprovalRequestsTable,
  decideApproval,
  expireApproval,
  findApproval,
  insertApproval,
  pruneApprovals,
} from '../../src/approvals/index.js';
import type { Store } from '../../src/store/index.js';
import { DIALECTS, freshStore } from '../fakes/databases.js';

let dispose: (() => Promise<void>) | undefined;
afterEach(async () => {
  await dispose?.();
  dispose = undefined;
});

const NOW = Date.UTC(2026, 0, 15);

function request(id: string, over: Partial<ApprovalRequestsTable> = {}): ApprovalRequestsTable {
  return {
    workspace_id: 'T1',
    request_id: id,
    work_json: '{}',
    user_id: 'UASK',
    channel_id: 'C1',
    estimate: null,
    approvers_json: '["UAPP"]',
    dms_json: '[]',
    state: 'pending',
    decided_by: null,
    note: null,
    created_at: NOW,
    expires_at: NOW + 1000,
    updated_at: NOW,
    ...over,
  };
}

async function open(dialect: (typeof DIALECTS)[number]): Promise<Store> {
  const s = await freshStore(dialect);
  dispose = s.dispose;
  return s.store;
}

describe.each(DIALECTS)('approval requests in the store (%s)', (dialect) => {
  it('asks once per preview, lets the first decision win, and none after the expiry', async () => {
    const { db } = await open(dialect);
    const key = { workspaceId: 'T1', requestId: 'r1' };
    expect(await insertApproval(db, request('r1'))).toBe(true);
    expect(await insertApproval(db, request('r1'))).toBe(false);

    const [a, b] = await Promise.all([
      decideApproval(db, key, { state: 'approved', by: 'UAPP', now: NOW + 1 }),
      decideApproval(db, key, { state: 'denied', by: 'UAPP', now: NOW + 1 }),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect((await findApproval(db, key))?.state).toBe(a ? 'approved' : 'denied');

    await insertApproval(db, request('r2'));
    const late = { workspaceId: 'T1', requestId: 'r2' };
    expect(await decideApproval(db, late, { state: 'approved', by: 'UAPP', now: NOW + 1000 })).toBe(
      undefined,
    );
    expect((await expireApproval(db, late, NOW + 1000))?.state).toBe('expired');
    expect(await expireApproval(db, late, NOW + 1000)).toBe(undefined);
  });

  it('prunes requests decided or expired 30 days ago, never a pending one', async () => {
    const { db } = await open(dialect);
    const old = NOW - APPROVAL_KEPT_MS - 1;
    await insertApproval(db, request('gone', { state: 'denied', updated_at: old }));
    await insertApproval(db, request('recent', { state: 'approved', updated_at: NOW }));
    await insertApproval(db, request('waiting', { updated_at: old }));

    expect(await pruneApprovals(db, NOW)).toBe(1);
    const left = await Promise.all(
      ['gone', 'recent', 'waiting'].map((id) =>
        findApproval(db, { workspaceId: 'T1', requestId: id }),
      ),
    );
    expect(left.map((r) => r?.request_id)).toEqual([undefined, 'recent', 'waiting']);
  });
});
