import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/config.js';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { errorCard } from '../../../src/slack/blocks/error-card.js';
import { saveWorkspaceSettings } from '../../../src/store/workspace-settings.js';
import { tenancy } from '../../../src/wiring/oauth.js';
import { allStrings, inEveryLanguage } from '../../fakes/both-languages.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../../fakes/databases.js';
import { captureLogger } from '../../fakes/log-capture.js';
import { type OAuthBot, startOAuthBot } from '../../oauth/harness.js';

// A real gateway (never reached: both refusals come before any call) and no sandbox.
const GATEWAY = { GATEWAY_BASE_URL: 'http://127.0.0.1:9' };

let h: OAuthBot | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** The private answer `user` gets to a paid lookup in workspace TA. */
async function answerTo(bot: OAuthBot, user: string): Promise<string> {
  const before = bot.double.messages().length;
  const command = { command: '/shoporders', text: SANDBOX_EXAMPLES.shopOrders.ownerId };
  await bot.double.sendCommand(bot.events, { ...command, user, team: 'TA' });
  const answer = await bot.double.waitFor(
    () =>
      bot.double
        .messages()
        .slice(before)
        .find((m) => m.ephemeral && m.visibleTo === user),
    8000,
  );
  return [answer.text, ...allStrings(answer.blocks)].join('\n');
}

describe('the gateway token refusals, through the bot in many-workspace mode', () => {
  it('no token yet: a zh-CN person reads it in Chinese, an English one in English', async () => {
    h = await startOAuthBot(GATEWAY);
    expect(await h.install({ teamId: 'TA', botToken: 'xoxb-team-a' })).toBe(200);
    h.double.addUser({ id: 'UZH', locale: 'zh-CN' });
    h.double.addUser({ id: 'UEN', locale: 'en-US' });

    const zh = await answerTo(h, 'UZH');
    expect(zh).toContain('尚未设置网关令牌');
    expect(zh).toContain('/querydesk config');
    expect(zh).not.toMatch(/No gateway token|nothing was looked up/);
    const en = await answerTo(h, 'UEN');
    expect(en).toContain('No gateway token yet');
    expect(en).toContain('This workspace has no gateway access token yet');
  });

  it("a token sealed for another workspace's row: unreadable, in the asker's language", async () => {
    h = await startOAuthBot(GATEWAY);
    expect(await h.install({ teamId: 'TA', botToken: 'xoxb-team-a' })).toBe(200);
    h.double.addUser({ id: 'UZH', locale: 'zh-CN' });
    h.double.addUser({ id: 'UEN', locale: 'en-US' });
    const sealed = h.bot.deps.settings.sealGatewayToken('TB', 'gw-token-of-TB');
    await saveWorkspaceSettings(h.bot.deps.store.db, {
      workspaceId: 'TA',
      gatewayToken: { sealed, last4: 'f-TB' },
      now: new Date(),
    });

    const zh = await answerTo(h, 'UZH');
    expect(zh).toContain('网关令牌无法读取');
    expect(zh).not.toMatch(/unreadable|cannot be read/);
    const en = await answerTo(h, 'UEN');
    expect(en).toContain('Gateway token unreadable');
    expect(en).toContain('cannot be read, so nothing was looked up');
  });
});

describe.each(DIALECTS)('the gateway token refusals from the store on %s', (dialect) => {
  let tdb: TestDatabase;
  afterEach(() => tdb?.dispose());

  it('carry words for every language, within Block Kit limits', async () => {
    tdb = await freshDatabase(dialect);
    const store = await tdb.open();
    const config = readConfig({
      SLACK_CLIENT_ID: '1.2',
      SLACK_CLIENT_SECRET: 'client-secret-value',
      SLACK_STATE_SECRET: 'state-secret-value',
      SLACK_SIGNING_SECRET: 'signing-secret-value',
      GATEWAY_BASE_URL: 'https://gateway.example.com',
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    const { logger } = captureLogger('info');
    const { settings } = await tenancy({ config, store, clock: () => new Date(), logger });
    await saveWorkspaceSettings(store.db, {
      workspaceId: 'T2',
      gatewayToken: { sealed: settings.sealGatewayToken('T1', 'gw-token-of-T1'), last4: 'f-T1' },
      now: new Date(),
    });
    const refusalOf = (team: string) =>
      settings.gatewayToken(team).then(
        () => undefined,
        (e) => e,
      );
    const none = await refusalOf('T1');
    const unreadable = await refusalOf('T2');

    const noneCards = inEveryLanguage((t) => errorCard(none, t));
    expect(noneCards['zh-CN'].text).toContain('尚未设置网关令牌');
    expect(noneCards.en.text).toContain('No gateway token yet');
    const unreadableCards = inEveryLanguage((t) => errorCard(unreadable, t));
    expect(unreadableCards['zh-CN'].text).toContain('网关令牌无法读取');
    expect(unreadableCards.en.text).toContain('Gateway token unreadable');
  });
});
