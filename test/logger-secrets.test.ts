import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { secretsOf } from '../src/logger.js';
import { createSecretBox } from '../src/secrets/cipher.js';
import { workspaceSettings } from '../src/slack/settings/workspace-settings.js';
import { saveWorkspaceSettings } from '../src/store/workspace-settings.js';
import { freshDatabase, type TestDatabase } from './fakes/databases.js';
import { captureLogger } from './fakes/log-capture.js';

const key = randomBytes(32);
const previous = randomBytes(32);
const oauthEnv = {
  SLACK_CLIENT_ID: '1.2',
  SLACK_CLIENT_SECRET: 'client-secret-value',
  SLACK_STATE_SECRET: 'state-secret-value',
  SLACK_SIGNING_SECRET: 'signing-secret-value',
  GATEWAY_BASE_URL: 'https://gateway.example.com',
};

describe('the log scrubber', () => {
  let tdb: TestDatabase | undefined;
  afterEach(() => tdb?.dispose());

  it('cuts ENCRYPTION_KEY_PREVIOUS and both keys as written in the environment', () => {
    // Written without padding and url-safe: Buffer reads both as the same 32 bytes.
    const asWritten = key.toString('base64url');
    const previousAsWritten = previous.toString('base64').replace(/=+$/, '');
    const config = readConfig({
      ...oauthEnv,
      ENCRYPTION_KEY: asWritten,
      ENCRYPTION_KEY_PREVIOUS: previousAsWritten,
    });
    const log = captureLogger('info', secretsOf(config));
    log.logger.info(
      { note: `${asWritten} ${previousAsWritten} ${previous.toString('base64')}` },
      'keys in a line',
    );
    log.logger.child({ part: 'x' }).info({ hex: previous.toString('hex') }, 'hex in a child');
    const text = log.text();
    for (const form of [asWritten, previousAsWritten, previous.toString('base64')]) {
      expect(text).not.toContain(form);
    }
    expect(text).not.toContain(previous.toString('hex'));
    expect(text).toContain('[redacted]');
  });

  it("cuts a workspace's gateway token from every line once it has been decrypted", async () => {
    tdb = await freshDatabase('sqlite');
    const store = await tdb.open();
    const config = readConfig({ ...oauthEnv, ENCRYPTION_KEY: key.toString('base64') });
    const log = captureLogger('info', secretsOf(config));
    const settings = workspaceSettings(store, config, createSecretBox(key), log.logger);
    // A token of no known shape: only its value can tell the scrubber what to cut.
    const token = 'gw9f8e7d6c5b4a3';
    await saveWorkspaceSettings(store.db, {
      workspaceId: 'T1',
      gatewayToken: {
        sealed: createSecretBox(key).seal(token, {
          table: 'workspace_settings',
          column: 'gateway_token_enc',
          rowId: 'T1',
        }),
        last4: token.slice(-4),
      },
      now: new Date(),
    });
    expect(await settings.gatewayToken('T1')).toBe(token);
    log.logger.child({ component: 'gateway' }).warn({ detail: `echo ${token}` }, 'gateway echoed');
    expect(log.text()).toContain('gateway echoed');
    expect(log.text()).not.toContain(token);
  });
});
