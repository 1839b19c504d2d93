import { afterEach, describe, expect, it } from 'vitest';
import { getWorkspaceSettings, saveWorkspaceSettings } from '../../src/store/workspace-settings.js';
import { DIALECTS, freshStore } from '../fakes/databases.js';

describe.each(DIALECTS)('workspace settings on %s', (dialect) => {
  let dispose: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await dispose?.();
  });

  it('keeps a budget and a channel, changing only what a later save names', async () => {
    const fresh = await freshStore(dialect);
    dispose = fresh.dispose;
    const { db } = fresh.store;
    await saveWorkspaceSettings(db, {
      workspaceId: 'T1',
      dailyBudgetPoints: 500,
      summaryChannel: 'C1',
      now: new Date('2024-05-01T00:00:00Z'),
    });

    await saveWorkspaceSettings(db, {
      workspaceId: 'T1',
      summaryChannel: 'C2',
      now: new Date('2024-05-02T00:00:00Z'),
    });

    const settings = await getWorkspaceSettings(db, 'T1');
    expect(settings).toMatchObject({ dailyBudgetPoints: 500, summaryChannel: 'C2' });
    expect(settings?.updatedAt.toISOString()).toBe('2024-05-02T00:00:00.000Z');
  });

  it('clears a budget with null and knows nothing of unknown workspaces', async () => {
    const fresh = await freshStore(dialect);
    dispose = fresh.dispose;
    const { db } = fresh.store;
    const now = new Date('2024-05-01T00:00:00Z');
    await saveWorkspaceSettings(db, { workspaceId: 'T1', dailyBudgetPoints: 10, now });

    await saveWorkspaceSettings(db, { workspaceId: 'T1', dailyBudgetPoints: null, now });

    expect((await getWorkspaceSettings(db, 'T1'))?.dailyBudgetPoints).toBeNull();
    expect(await getWorkspaceSettings(db, 'T2')).toBeUndefined();
  });
});
