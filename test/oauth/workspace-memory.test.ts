import { randomBytes } from 'node:crypto';
import type { Installation } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { createLimiter } from '../../src/gateway/limiter.js';
import { tenancy } from '../../src/wiring/oauth.js';
import { freshDatabase, type TestDatabase } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { captureLogger } from '../fakes/log-capture.js';
import { type OAuthBot, startOAuthBot } from './harness.js';

let tdb: TestDatabase | undefined;
afterEach(async () => {
  await tdb?.dispose();
  tdb = undefined;
});

const config = readConfig({
  SLACK_CLIENT_ID: '1.2',
  SLACK_CLIENT_SECRET: 'client-secret-value',
  SLACK_STATE_SECRET: 'state-secret-value',
  SLACK_SIGNING_SECRET: 'signing-secret-value',
  SLACK_API_URL: 'http://127.0.0.1:9/api/',
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
});

function install(p: { team?: string; enterprise?: string; token: string }) {
  return {
    team: p.team ? { id: p.team } : undefined,
    enterprise: p.enterprise ? { id: p.enterprise } : undefined,
    isEnterpriseInstall: !p.team,
    bot: { token: p.token, userId: 'UB', id: 'B', scopes: [] },
    user: { id: 'U', token: undefined, scopes: undefined },
  } satisfies Installation<'v2', boolean>;
}

async function wiring() {
  tdb = await freshDatabase('sqlite');
  const store = await tdb.open();
  const t = await tenancy({
    config,
    store,
    clock: () => new Date(),
    logger: captureLogger('info').logger,
  });
  if (!t.oauth) throw new Error('not in OAuth mode');
  return { store, oauth: t.oauth };
}

describe('per-workspace memory in many-workspace mode', () => {
  it("a workspace of an org-wide (Grid) install gets its org's client, across restarts", async () => {
    const { store, oauth } = await wiring();
    await oauth.stores.installationStore.storeInstallation(
      install({ enterprise: 'E1', token: 'xoxb-org-token' }),
    );
    // A request from TG2 in E1 names its organisation (the middleware records it).
    await oauth.rememberEnterprise('TG2', 'E1');
    const client = await oauth.clientFor('TG2');
    expect(client.token).toBe('xoxb-org-token');
    // Another process (a restart, a replica) reads the same from the store.
    const again = await tenancy({
      config,
      store,
      clock: () => new Date(),
      logger: captureLogger('info').logger,
    });
    expect((await again.oauth!.clientFor('TG2')).token).toBe('xoxb-org-token');
    await expect(again.oauth!.clientFor('TZ-unknown')).rejects.toThrow(/no installation/);
  });

  it('drops the client of an uninstalled workspace, and every client of an uninstalled org', async () => {
    const { oauth } = await wiring();
    const store = oauth.stores.installationStore;
    await store.storeInstallation(install({ team: 'TA', token: 'xoxb-team-a' }));
    await store.storeInstallation(install({ team: 'TB', token: 'xoxb-team-b' }));
    await store.storeInstallation(install({ enterprise: 'E1', token: 'xoxb-org' }));
    await oauth.rememberEnterprise('TG1', 'E1');
    await oauth.rememberEnterprise('TG2', 'E1');
    for (const t of ['TA', 'TB', 'TG1', 'TG2']) await oauth.clientFor(t);
    expect(oauth.clientCount()).toBe(4);
    oauth.forget('TA');
    expect(oauth.clientCount()).toBe(3);
    oauth.forget('E1');
    expect(oauth.clientCount()).toBe(1);
    expect((await oauth.clientFor('TB')).token).toBe('xoxb-team-b');
  });

  it('a lookup under way when its workspace is forgotten keeps nothing of it', async () => {
    const { store, oauth } = await wiring();
    const installs = oauth.stores.installationStore;
    await installs.storeInstallation(install({ enterprise: 'E1', token: 'xoxb-org' }));
    await oauth.rememberEnterprise('TG2', 'E1');
    // A fresh process: nothing of TG2 in memory, so its lookup reads the store.
    const fresh = await tenancy({
      config,
      store,
      clock: () => new Date(),
      logger: captureLogger('info').logger,
    });
    const o = fresh.oauth!;
    // TG2 leaves the org while a QR edit is looking its client up: the lookup still answers,
    // but neither its client nor its organisation stays in memory afterwards.
    const lookup = o.clientFor('TG2');
    await store.db.deleteFrom('team_enterprises').where('team_id', '=', 'TG2').execute();
    o.forget('TG2');
    expect((await lookup).token).toBe('xoxb-org');
    expect(o.clientCount()).toBe(0);
    await expect(o.clientFor('TG2')).rejects.toThrow(/no installation/);
    expect(o.clientCount()).toBe(0);
  });
});

describe('a Grid workspace through the HTTP path', () => {
  let h: OAuthBot | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it("a command from a workspace of an org-wide install records the workspace's organisation", async () => {
    h = await startOAuthBot();
    expect(
      await h.install({ teamId: 'TG1', enterpriseId: 'E1', orgWide: true, botToken: 'xoxb-org' }),
    ).toBe(200);
    const ack = await h.double.sendCommand(h.events, {
      command: '/querydesk',
      text: 'help',
      team: 'TG2',
      enterprise: { id: 'E1', orgWide: true },
    });
    expect(ack.status).toBe(200);
    // Help is acked first, then answered (through the response_url) in the asker's language.
    const help = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.ephemeral && m.text.includes('/payorder')),
      8000,
    );
    expect(help.text).toMatch(/^querydesk commands: /);
    const db = h.bot.deps.store.db;
    const row = await eventually(() =>
      db.selectFrom('team_enterprises').selectAll().where('team_id', '=', 'TG2').executeTakeFirst(),
    );
    expect(row.enterprise_id).toBe('E1');
  });
});

describe('rate-limit queues of a forgotten token', () => {
  it('are dropped once idle and their window has passed; other tokens keep theirs', async () => {
    const limiter = createLimiter({ limit: 10, windowMs: 200 });
    try {
      await Promise.all(
        ['tok-a', 'tok-b'].flatMap((token) =>
          (['payOrder', 'accountData'] as const).map((op) =>
            limiter.schedule({ op, token }, async (sent) => sent()),
          ),
        ),
      );
      expect(limiter.size()).toBe(4);
      limiter.forget('tok-a');
      await eventually(() => limiter.size() === 2, 3000, 'tok-a queues dropped');
      // The other token's queues still serve.
      await limiter.schedule({ op: 'payOrder', token: 'tok-b' }, async (sent) => sent());
      expect(limiter.size()).toBe(2);
    } finally {
      await limiter.close();
    }
  });
});
