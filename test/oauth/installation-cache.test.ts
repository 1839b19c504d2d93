import { randomBytes } from 'node:crypto';
import type { Installation } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/secrets/cipher.js';
import { databaseInstallationStore } from '../../src/slack/oauth/installation-store.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';

const installation = (token: string) =>
  ({
    team: { id: 'T1' },
    enterprise: undefined,
    bot: { token, userId: 'UB1', id: 'B1', scopes: [] },
    user: { token: undefined, scopes: undefined, id: 'U1' },
    isEnterpriseInstall: false,
  }) as unknown as Installation<'v2', false>;

const query = { teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false };

describe.each(DIALECTS)('installations kept in memory (%s)', (dialect) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.dispose();
    db = undefined;
  });

  it('a reinstall and an uninstall on this replica are seen at once, not after the cache lapses', async () => {
    db = await freshDatabase(dialect);
    const store = await db.open();
    const box = createSecretBox(randomBytes(32));
    const installs = databaseInstallationStore(store.db, box, () => new Date());
    await installs.storeInstallation(installation('xoxb-first'));
    expect((await installs.fetchInstallation(query)).bot?.token).toBe('xoxb-first');
    await installs.storeInstallation(installation('xoxb-second'));
    expect((await installs.fetchInstallation(query)).bot?.token).toBe('xoxb-second');
    await installs.deleteInstallation?.(query);
    await expect(installs.fetchInstallation(query)).rejects.toThrow(/no installation/);
  });
});
