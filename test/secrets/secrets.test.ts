import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { findSession, insertSession } from '../../src/qr/index.js';
import { stepTokenAt as stepAt, workspaceStepTokenAt } from '../../src/qr/session-row.js';
import { createSecretBox } from '../../src/secrets/cipher.js';
import { rotateKeys } from '../../src/secrets/rotate.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';

const oldKey = randomBytes(32);
const AT = { table: 'workspace_settings', column: 'gateway_token_enc', rowId: 'T1' };
const inst = (column: string) => ({ table: 'installations', column, rowId: 'T1' });
const newKey = randomBytes(32);

describe('sealed secrets', () => {
  it('opens what it sealed, and the sealed text shows neither the token nor its encodings', () => {
    const box = createSecretBox(newKey);
    const token = 'xoxb-123456-secret-token';
    const sealed = box.seal(token, AT);
    expect(box.open(sealed, AT)).toBe(token);
    for (const form of [
      token,
      Buffer.from(token).toString('base64'),
      Buffer.from(token).toString('hex'),
    ]) {
      expect(sealed).not.toContain(form);
    }
    expect(box.keyIdOf(sealed)).toBe(box.keyId);
  });

  it('refuses a tampered value and a value under a key it does not hold', () => {
    const box = createSecretBox(newKey);
    const sealed = box.seal('gateway-token', AT);
    const parts = sealed.split('.');
    parts[4] = Buffer.from('junk').toString('base64url');
    expect(() => box.open(parts.join('.'), AT)).toThrow();
    expect(() => box.open(createSecretBox(oldKey).seal('x', AT), AT)).toThrow(/unknown key/);
  });

  it('reads values under the previous key while rotating', () => {
    const sealedOld = createSecretBox(oldKey).seal('tok-old', AT);
    expect(createSecretBox(newKey, oldKey).open(sealedOld, AT)).toBe('tok-old');
  });
});

describe('config', () => {
  it('checks ENCRYPTION_KEY_PREVIOUS like ENCRYPTION_KEY and never echoes it', () => {
    expect(() => readConfig({ ENCRYPTION_KEY_PREVIOUS: 'not-a-key-value' })).toThrow(
      /ENCRYPTION_KEY_PREVIOUS: must be 32 bytes/,
    );
    try {
      readConfig({ ENCRYPTION_KEY_PREVIOUS: 'not-a-key-value' });
    } catch (err) {
      expect(String(err)).not.toContain('not-a-key-value');
    }
    expect(() => readConfig({ ENCRYPTION_KEY_PREVIOUS: oldKey.toString('base64') })).toThrow(
      /ENCRYPTION_KEY: required with ENCRYPTION_KEY_PREVIOUS/,
    );
  });
});

describe.each(DIALECTS)('rotate-keys on %s', (dialect) => {
  let tdb: TestDatabase;
  afterEach(() => tdb?.dispose());

  it('rewrites rows under the old key and leaves them readable with the new key alone', async () => {
    tdb = await freshDatabase(dialect);
    const store = await tdb.open();
    const old = createSecretBox(oldKey);
    await store.db
      .insertInto('installations')
      .values({
        id: 'T1',
        team_id: 'T1',
        enterprise_id: null,
        bot_user_id: 'U0',
        bot_token_enc: old.seal('xoxb-one', inst('bot_token_enc')),
        gateway_token_enc: null,
        installation_enc: old.seal('{"team":{"id":"T1"}}', inst('installation_enc')),
        installed_at: 1,
        updated_at: 1,
      })
      .execute();
    await store.db
      .insertInto('workspace_settings')
      .values({ workspace_id: 'T1', updated_at: 1, gateway_token_enc: old.seal('gw-one', AT) })
      .execute();

    await insertSession(store.db, {
      owner: { teamId: 'T1', userId: '', channelId: 'C1' },
      sessionId: 'S1',
      mediaMark: 'acct',
      url: 'https://example.invalid/qr',
      messageTs: '1.000001',
      pointsCharged: 1,
      firstGapMs: 1000,
      nextCheckAt: 1,
      denseUntil: 1,
      watchUntil: 2,
      lease: { owner: 'w', until: 1 },
      now: 1,
      locale: 'en',
      // Sealed as step tokens were before they were bound to their session: to the workspace.
      step: {
        executionId: 'Fx1',
        sealToken: () => old.seal('xwfp-step', workspaceStepTokenAt('T1')),
      },
    });

    const rotating = createSecretBox(newKey, oldKey);
    expect(await rotateKeys(store.db, rotating)).toEqual({ rewritten: 3 });
    expect(await rotateKeys(store.db, rotating)).toEqual({ rewritten: 0 });

    const onlyNew = createSecretBox(newKey);
    const install = await store.db
      .selectFrom('installations')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(onlyNew.open(install.bot_token_enc, inst('bot_token_enc'))).toBe('xoxb-one');
    expect(onlyNew.open(install.installation_enc!, inst('installation_enc'))).toContain('T1');
    const s = await store.db.selectFrom('workspace_settings').selectAll().executeTakeFirstOrThrow();
    expect(onlyNew.open(s.gateway_token_enc!, AT)).toBe('gw-one');
    const session = await findSession(store.db, { workspaceId: 'T1', sessionId: 'S1' });
    expect(onlyNew.open(session!.step_token!, stepAt('T1', 'S1'))).toBe('xwfp-step');
    expect(() => onlyNew.open(session!.step_token!, workspaceStepTokenAt('T1'))).toThrow();
  });
});
