import { createCipheriv, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { findSession } from '../../src/qr/index.js';
import { insertSession } from '../../src/qr/new-session.js';
import { qrDb, workspaceStepTokenAt } from '../../src/qr/session-row.js';
import { keyIdOf } from '../../src/secrets/cipher.js';
import { openStepToken, sealStepToken } from '../../src/slack/functions/step-token.js';
import type { Store } from '../../src/store/index.js';
import { tenancy } from '../../src/wiring/oauth.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';
import { captureLogger } from '../fakes/log-capture.js';

// Sealed values open only where they were sealed for: a legacy `v1` value (bound to no row) is
// resealed into its row at start-up and refused anywhere after, and a workflow step's token opens
// only in its own QR session's row, not in another session of the same workspace.
const key = randomBytes(32);

const config = () =>
  readConfig({
    SLACK_CLIENT_ID: '1.2',
    SLACK_CLIENT_SECRET: 'client-secret-value',
    SLACK_STATE_SECRET: 'state-secret-value',
    SLACK_SIGNING_SECRET: 'signing-secret-value',
    GATEWAY_BASE_URL: 'https://gateway.example.com',
    ENCRYPTION_KEY: key.toString('base64'),
  });

/** A value as the bot sealed it before values were bound to their row (`v1`: AAD = key id). */
function legacySeal(plain: string): string {
  const id = keyIdOf(key);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(id));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', id, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

const start = (store: Store) =>
  tenancy({
    config: config(),
    store,
    clock: () => new Date(),
    logger: captureLogger('info').logger,
  });

async function session(store: Store, sessionId: string, sealToken: (id: string) => string) {
  await insertSession(store.db, {
    owner: { teamId: 'T1', userId: 'U1', channelId: 'C1' },
    sessionId,
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
    step: { executionId: `Fx${sessionId}`, sealToken },
  });
}

const stored = async (store: Store, sessionId: string) =>
  (await findSession(store.db, { workspaceId: 'T1', sessionId }))!.step_token!;

describe.each(DIALECTS)('sealed values on %s', (dialect) => {
  let tdb: TestDatabase;
  afterEach(() => tdb?.dispose());

  it('a v1 value written after start-up resealed the others opens in no row', async () => {
    tdb = await freshDatabase(dialect);
    const store = await tdb.open();
    await store.db
      .insertInto('workspace_settings')
      .values({ workspace_id: 'T1', updated_at: 1, gateway_token_enc: legacySeal('gw-token-one') })
      .execute();
    const { settings } = await start(store);
    // Found at start-up: resealed into its row, it still opens there.
    expect(await settings.gatewayToken('T1')).toBe('gw-token-one');

    // Written afterwards (a copy of an old backup, say): bound to no row, it opens in none.
    await store.db
      .insertInto('workspace_settings')
      .values({ workspace_id: 'T2', updated_at: 1, gateway_token_enc: legacySeal('gw-token-two') })
      .execute();
    await expect(settings.gatewayToken('T2')).rejects.toThrow(/\/querydesk config/);
  });

  it("a step token opens only in its own session's row, also once resealed at start-up", async () => {
    tdb = await freshDatabase(dialect);
    const store = await tdb.open();
    const { box } = await start(store);
    await session(store, 'S1', (id) => sealStepToken('xwfp-one', 'T1', id, box));
    await session(store, 'S2', (id) => sealStepToken('xwfp-two', 'T1', id, box));
    expect(openStepToken(await stored(store, 'S1'), 'T1', 'S1', box)).toBe('xwfp-one');
    // S1's token copied into S2's row, in the same workspace, does not open there.
    const copied = await stored(store, 'S1');
    expect(() => openStepToken(copied, 'T1', 'S2', box)).toThrow();
    await qrDb(store.db)
      .updateTable('qr_sessions')
      .set({ step_token: copied })
      .where('session_id', '=', 'S2')
      .execute();

    // A token stored bound to its workspace only (as before) is bound to its session at start-up.
    await session(store, 'S3', () => box!.seal('xwfp-three', workspaceStepTokenAt('T1')));
    const restarted = await start(store);
    const resealed = await stored(store, 'S3');
    expect(openStepToken(resealed, 'T1', 'S3', restarted.box)).toBe('xwfp-three');
    expect(() => openStepToken(resealed, 'T1', 'S2', restarted.box)).toThrow();
    expect(() => restarted.box!.open(resealed, workspaceStepTokenAt('T1'))).toThrow();
    // The copy in S2's row did not stop the start, and still opens nowhere but in S1's row.
    expect(await stored(store, 'S2')).toBe(copied);
    expect(() => openStepToken(copied, 'T1', 'S2', restarted.box)).toThrow();
  });
});
