import { createCipheriv, randomBytes } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { createSecretBox, keyIdOf } from '../../src/secrets/cipher.js';
import { rotateKeys } from '../../src/secrets/rotate.js';
import type { Store } from '../../src/store/index.js';
import { saveWorkspaceSettings } from '../../src/store/workspace-settings.js';
import { tenancy } from '../../src/wiring/oauth.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';
import { captureLogger } from '../fakes/log-capture.js';

const key = randomBytes(32);
const AT = { table: 'workspace_settings', column: 'gateway_token_enc', rowId: 'T1' };

const oauthConfig = () =>
  readConfig({
    SLACK_CLIENT_ID: '1.2',
    SLACK_CLIENT_SECRET: 'client-secret-value',
    SLACK_STATE_SECRET: 'state-secret-value',
    SLACK_SIGNING_SECRET: 'signing-secret-value',
    GATEWAY_BASE_URL: 'https://gateway.example.com',
    ENCRYPTION_KEY: key.toString('base64'),
  });

/** A value as the bot sealed it before values were bound to their row (`v1`: AAD = key id). */
function legacySeal(k: Buffer, plain: string): string {
  const id = keyIdOf(k);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k, iv);
  cipher.setAAD(Buffer.from(id));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', id, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

const sealedOf = async (store: Store, team: string) =>
  (
    await store.db
      .selectFrom('workspace_settings')
      .select('gateway_token_enc')
      .where('workspace_id', '=', team)
      .executeTakeFirstOrThrow()
  ).gateway_token_enc!;

describe('sealed values', () => {
  it('refuses a value whose authentication tag was cut short', () => {
    const box = createSecretBox(key);
    const parts = box.seal('gw-token-0001', AT).split('.');
    // GCM without authTagLength accepts a 4..15-byte prefix of the tag: far easier to forge.
    parts[3] = Buffer.from(parts[3]!, 'base64url').subarray(0, 12).toString('base64url');
    expect(() => box.open(parts.join('.'), AT)).toThrow();
  });

  it('opens only in the table, column and row it was sealed for', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('gw-token-0001', AT);
    expect(box.open(sealed, AT)).toBe('gw-token-0001');
    expect(() => box.open(sealed, { ...AT, rowId: 'T2' })).toThrow();
    expect(() => box.open(sealed, { ...AT, column: 'bot_token_enc' })).toThrow();
    expect(() => box.open(sealed, { ...AT, table: 'installations' })).toThrow();
  });
});

describe.each(DIALECTS)('gateway tokens in their workspace row on %s', (dialect) => {
  let tdb: TestDatabase;
  afterEach(() => tdb?.dispose());

  it("a token copied into another workspace's row does not open there", async () => {
    tdb = await freshDatabase(dialect);
    const store = await tdb.open();
    const { settings } = await tenancy({
      config: oauthConfig(),
      store,
      clock: () => new Date(),
      logger: captureLogger('info').logger,
    });
    const now = new Date();
    const sealed = settings.sealGatewayToken('T1', 'gw-token-of-T1');
    await saveWorkspaceSettings(store.db, {
      workspaceId: 'T1',
      gatewayToken: { sealed, last4: 'f-T1' },
      now,
    });
    // Someone with write access to the database moves T1's token into T2's row.
    await saveWorkspaceSettings(store.db, {
      workspaceId: 'T2',
      gatewayToken: { sealed: await sealedOf(store, 'T1'), last4: 'f-T1' },
      now,
    });
    expect(await settings.gatewayToken('T1')).toBe('gw-token-of-T1');
    await expect(settings.gatewayToken('T2')).rejects.toThrow(/\/querydesk config/);
  });

  it('start-up reseals a value sealed before binding: it still opens, then only in its row', async () => {
    tdb = await freshDatabase(dialect);
    const store = await tdb.open();
    const legacy = legacySeal(key, 'gw-token-legacy');
    await store.db
      .insertInto('workspace_settings')
      .values([
        { workspace_id: 'T1', updated_at: 1, gateway_token_enc: legacy },
        { workspace_id: 'T2', updated_at: 1, gateway_token_enc: legacy },
      ])
      .execute();
    const log = captureLogger('info');
    const { settings } = await tenancy({
      config: oauthConfig(),
      store,
      clock: () => new Date(),
      logger: log.logger,
    });
    const resealed = await sealedOf(store, 'T1');
    expect(resealed.startsWith('v2.')).toBe(true);
    expect(await settings.gatewayToken('T1')).toBe('gw-token-legacy');
    expect(log.lines().some((l) => l.msg === 'stored secrets resealed' && l.rewritten === 2)).toBe(
      true,
    );
    await store.db
      .updateTable('workspace_settings')
      .set({ gateway_token_enc: resealed })
      .where('workspace_id', '=', 'T2')
      .execute();
    await expect(settings.gatewayToken('T2')).rejects.toThrow(/\/querydesk config/);
  });

  it('rotation leaves alone a row rewritten between its read and its update', async () => {
    tdb = await freshDatabase(dialect);
    const store = await tdb.open();
    const admin = await tdb.open();
    const oldKey = randomBytes(32);
    const rotating = createSecretBox(key, oldKey);
    await store.db
      .insertInto('workspace_settings')
      .values({
        workspace_id: 'T1',
        updated_at: 1,
        gateway_token_enc: createSecretBox(oldKey).seal('gw-token-before', AT),
      })
      .execute();
    const saved = rotating.seal('gw-token-saved-meanwhile', AT);
    let wrote = false;
    // An admin saves a new token right after rotation read the rows (a second connection).
    const adminSavesAfterRead: KyselyPlugin = {
      transformQuery: (args) => args.node,
      async transformResult(args) {
        const rows = args.result.rows as { gateway_token_enc?: unknown }[];
        if (!wrote && rows.some((r) => typeof r.gateway_token_enc === 'string')) {
          wrote = true;
          await saveWorkspaceSettings(admin.db, {
            workspaceId: 'T1',
            gatewayToken: { sealed: saved, last4: 'hile' },
            now: new Date(),
          });
        }
        return args.result;
      },
    };
    await rotateKeys(store.db.withPlugin(adminSavesAfterRead), rotating);
    expect(wrote).toBe(true);
    expect(rotating.open(await sealedOf(store, 'T1'), AT)).toBe('gw-token-saved-meanwhile');
  });
});
