import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import type { CommandInput } from '../../src/slack-double/index.js';
import { botDatabase } from '../fakes/bot-database.js';
import { DIALECTS } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { type OAuthBot, startOAuthBot } from './harness.js';

// Work that outlives an org-wide (Enterprise Grid) installation, driven only through signed
// requests to the running bot on SQLite and PostgreSQL: an org-wide `app_uninstalled` ends every
// workspace of the organisation (QR and order watches, subscriptions, gateway tokens, Slack
// clients, the tokens' rate-limit queues), and `app_uninstalled_team` ends one workspace's.
const X = SANDBOX_EXAMPLES;
const E1 = { id: 'E1', orgWide: true };
const TOKEN_G2 = 'gw-token-grid-two-GGGG';
const TOKEN_A = 'gw-token-team-a-AAAA';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  closers.length = 0;
});

async function gauge(b: OAuthBot, name: string): Promise<number> {
  const text = await (await fetch(`${b.base}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
}

type Enterprise = CommandInput['enterprise'];

/** An admin of `team` saves its gateway token through /querydesk config. */
async function setGatewayToken(b: OAuthBot, team: string, token: string, enterprise?: Enterprise) {
  const admin = `UADMIN${team}`;
  b.double.addUser({ id: admin, isAdmin: true });
  const views = b.double.views().length;
  await b.double.sendCommand(b.events, {
    command: '/querydesk',
    text: 'config',
    user: admin,
    team,
    enterprise,
  });
  const modal = await b.double.waitFor(() => b.double.views()[views], 5000);
  await b.double.sendViewSubmission(b.events, {
    viewId: modal.id,
    user: admin,
    team,
    enterprise,
    values: { gateway_token: { gateway_token: token } },
  });
  await eventually(
    async () => (await b.bot.deps.settings.gatewayTokenLast4(team)) === token.slice(-4),
    8000,
    `${team}'s token saved`,
  );
}

/** In `channel` of `team`: a QR code, an order watch and a shop subscription, all running. */
async function startWork(b: OAuthBot, team: string, channel: string, enterprise?: Enterprise) {
  const user = `U${team}`;
  b.double.addChannel({ id: channel });
  const ask = (command: string, text: string) =>
    b.double.sendCommand(b.events, { command, text, user, channel, team, enterprise });
  await ask('/qr', X.account.mediaMark);
  await ask('/payorder', `watch ${X.payOrder.waits.orderNumber} ${X.payOrder.merchantNum}`);
  const previews = () => b.double.messages().filter((m) => m.ephemeral && m.visibleTo === user);
  const before = previews().length;
  await ask('/shoporders', `subscribe ${X.shopOrders.ownerId} every=1s`);
  const preview = await b.double.waitFor(
    () =>
      previews()
        .slice(before)
        .find((m) => JSON.stringify(m.blocks).includes('qd_subscribe')),
    8000,
  );
  await b.double.sendAction(b.events, {
    actionId: 'qd_subscribe',
    channel: preview.channel,
    messageTs: preview.ts,
    user,
    team,
    enterprise,
  });
  await eventually(
    async () => (await states(b, team)).join() === 'watching,watching,active',
    10_000,
    `${team}'s work`,
  );
}

/** A workspace's QR watch, order watch and subscription states, in that order. */
async function states(b: OAuthBot, team: string): Promise<string[]> {
  const db = b.bot.deps.store.db.withTables<{
    order_watches: { workspace_id: string; watch_state: string };
    subscriptions: { workspace_id: string; state: string; ended_reason: string | null };
  }>();
  const qr = await db
    .selectFrom('qr_sessions')
    .select('watch_state')
    .where('workspace_id', '=', team)
    .execute();
  const watches = await db
    .selectFrom('order_watches')
    .select('watch_state')
    .where('workspace_id', '=', team)
    .execute();
  const subs = await db
    .selectFrom('subscriptions')
    .select('state')
    .where('workspace_id', '=', team)
    .execute();
  return [
    ...qr.map((r) => r.watch_state),
    ...watches.map((r) => r.watch_state),
    ...subs.map((r) => r.state),
  ];
}

const installations = (b: OAuthBot) =>
  b.bot.deps.store.db
    .selectFrom('installations')
    .select('id')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.id));

async function gridAndTeam(dialect: (typeof DIALECTS)[number]) {
  const database = await botDatabase(dialect);
  closers.push(() => database.dispose());
  const sandbox: Sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    tokens: [TOKEN_G2, TOKEN_A],
  });
  closers.push(() => sandbox.close());
  const b = await startOAuthBot({
    DATABASE_URL: database.url,
    GATEWAY_BASE_URL: sandbox.url,
    SUBSCRIPTION_MIN_INTERVAL_MS: '1000',
  });
  closers.push(() => b.stop());
  expect(
    await b.install({ teamId: 'TG1', enterpriseId: 'E1', orgWide: true, botToken: 'xoxb-org-e1' }),
  ).toBe(200);
  expect(await b.install({ teamId: 'TA', botToken: 'xoxb-slack-team-a' })).toBe(200);
  await setGatewayToken(b, 'TA', TOKEN_A);
  await startWork(b, 'TA', 'CTA');
  await eventually(
    async () => (await gauge(b, 'querydesk_slack_workspace_clients')) === 1,
    8000,
    "TA's client",
  );
  // TA's token has a queue per operation it used: qrCreate, qrStatus, payOrder, shopOrders.
  const queuesOfA = 4;
  await eventually(
    async () => (await gauge(b, 'querydesk_gateway_rate_queues')) === queuesOfA,
    8000,
    "TA's queues",
  );
  // TG2 has no installation of its own: the organisation's serves it.
  await setGatewayToken(b, 'TG2', TOKEN_G2, E1);
  await startWork(b, 'TG2', 'CTG2', E1);
  await eventually(
    async () => (await gauge(b, 'querydesk_slack_workspace_clients')) === 2,
    8000,
    "TG2's client",
  );
  await eventually(
    async () => (await gauge(b, 'querydesk_gateway_rate_queues')) === 2 * queuesOfA,
    8000,
    "TG2's token's queues",
  );
  return { b, queuesOfA };
}

describe.each(DIALECTS)('an org-wide installation removed (%s)', (dialect) => {
  it("app_uninstalled for the org ends every workspace of the org, and nothing of another's", async () => {
    const { b, queuesOfA } = await gridAndTeam(dialect);

    const ack = await b.double.sendEvent(b.events, { type: 'app_uninstalled' }, 'TG1', E1);
    expect(ack.status).toBe(200);

    await eventually(
      async () => (await states(b, 'TG2')).join() === 'done,stopped,ended',
      8000,
      "TG2's work ended",
    );
    expect(await b.bot.deps.settings.gatewayTokenLast4('TG2')).toBeUndefined();
    expect(await installations(b)).toEqual(['TA']);
    // The client goes last, after the rows are ended: on a loaded machine that can take seconds.
    await eventually(
      async () => (await gauge(b, 'querydesk_slack_workspace_clients')) === 1,
      20_000,
      "TG2's client dropped",
    );
    await eventually(
      async () => (await gauge(b, 'querydesk_gateway_rate_queues')) === queuesOfA,
      8000,
      "TG2's token's rate-limit queues dropped",
    );
    // TA is untouched.
    expect(await states(b, 'TA')).toEqual(['watching', 'watching', 'active']);
    expect(await b.bot.deps.settings.gatewayTokenLast4('TA')).toBe('AAAA');
  }, 90_000);

  it('app_uninstalled_team ends that workspace of the org only; the org stays installed', async () => {
    const { b } = await gridAndTeam(dialect);

    const event = { type: 'app_uninstalled_team', team_id: 'TG2', user_id: 'UADMINTG2' };
    expect((await b.double.sendEvent(b.events, event, 'TG2', E1)).status).toBe(200);

    await eventually(
      async () => (await states(b, 'TG2')).join() === 'done,stopped,ended',
      8000,
      "TG2's work ended",
    );
    expect(await b.bot.deps.settings.gatewayTokenLast4('TG2')).toBeUndefined();
    // The client goes last, after the rows are ended: on a loaded machine that can take seconds.
    await eventually(
      async () => (await gauge(b, 'querydesk_slack_workspace_clients')) === 1,
      20_000,
      "TG2's client dropped",
    );
    expect(await installations(b)).toEqual(['E1', 'TA']);
    expect(await states(b, 'TA')).toEqual(['watching', 'watching', 'active']);
  }, 90_000);
});
