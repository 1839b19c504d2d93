import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { checkView } from '../../src/slack/blocks/limits.js';
import { eventually } from '../fakes/eventually.js';
import { type OAuthBot, startOAuthBot } from './harness.js';

// Per-workspace memory in many-workspace mode, observed where an operator sees it (/metrics) and
// driven only through signed requests to the running bot: a workspace's Slack client and its
// gateway token's rate-limit queues go with its uninstall; a Grid workspace is served with its
// organisation's token.
const X = SANDBOX_EXAMPLES;
const TOKEN_A = 'gw-token-team-a-AAAA';
const TOKEN_B = 'gw-token-team-b-BBBB';

let h: OAuthBot | undefined;
let sandbox: Sandbox | undefined;
afterEach(async () => {
  await h?.stop();
  await sandbox?.close();
  h = sandbox = undefined;
});

async function gauge(b: OAuthBot, name: string): Promise<number> {
  const text = await (await fetch(`${b.base}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
}

/** An admin of `team` saves the workspace's gateway token through /querydesk config. */
async function setGatewayToken(b: OAuthBot, team: string, admin: string, token: string) {
  b.double.addUser({ id: admin, isAdmin: true });
  const views = b.double.views().length;
  await b.double.sendCommand(b.events, {
    command: '/querydesk',
    text: 'config',
    user: admin,
    team,
  });
  const modal = await b.double.waitFor(() => b.double.views()[views], 5000);
  expect(checkView(modal.view)).toEqual([]);
  const dms = () => b.double.messages().filter((m) => !m.ephemeral && /accepted/.test(m.text));
  const before = dms().length;
  await b.double.sendViewSubmission(b.events, {
    viewId: modal.id,
    user: admin,
    team,
    values: { gateway_token: { gateway_token: token } },
  });
  // Set-up, not a figure: generous for a run with every core taken.
  await b.double.waitFor(() => dms()[before], 30_000);
}

/**
 * A QR code in `channel` of `team`, scanned soon after: the watcher edits its status message,
 * outside any request, with the workspace's client (clientFor).
 */
async function startQr(b: OAuthBot, team: string, channel: string, enterpriseId?: string) {
  b.double.addChannel({ id: channel });
  await b.double.sendCommand(b.events, {
    command: '/qr',
    text: X.account.mediaMark,
    user: `U${team}`,
    channel,
    team,
    ...(enterpriseId ? { enterprise: { id: enterpriseId, orgWide: true } } : {}),
  });
  await b.double.waitFor(
    () => b.double.messages(channel).find((m) => /not scanned/.test(m.text)),
    30_000,
  );
}

describe('uninstall through a signed event, in many-workspace mode', () => {
  it("drops that workspace's Slack client and its token's rate-limit queues, and only those", async () => {
    sandbox = await startSandbox({
      ...{ port: 0, host: '127.0.0.1', tokens: [TOKEN_A, TOKEN_B] },
      // Scanned soon: the watcher then edits the status message with the workspace's client.
      qrScanAfterMs: 500,
    });
    h = await startOAuthBot({ GATEWAY_BASE_URL: sandbox.url, QR_POLL_INTERVAL_MS: '200' });
    const b = h;
    expect(await b.install({ teamId: 'TA', botToken: 'xoxb-slack-team-a' })).toBe(200);
    expect(await b.install({ teamId: 'TB', botToken: 'xoxb-slack-team-b' })).toBe(200);
    await setGatewayToken(b, 'TA', 'UADMINA', TOKEN_A);
    await setGatewayToken(b, 'TB', 'UADMINB', TOKEN_B);
    await startQr(b, 'TA', 'CQRA');
    await startQr(b, 'TB', 'CQRB');
    await eventually(
      async () => (await gauge(b, 'querydesk_slack_workspace_clients')) === 2,
      8000,
      'a client per workspace',
    );
    const both = await gauge(b, 'querydesk_gateway_rate_queues');
    expect(both).toBeGreaterThanOrEqual(4); // per token: at least qrCreate and qrStatus

    const ack = await b.double.sendEvent(b.events, { type: 'app_uninstalled' }, 'TA');
    expect(ack.status).toBe(200);
    await eventually(
      async () => (await gauge(b, 'querydesk_slack_workspace_clients')) === 1,
      5000,
      "TA's client dropped",
    );
    // TA's queues go once idle and their window has passed (not all at the same moment); TB,
    // having made the same calls with its own token, keeps as many as TA had.
    const onlyB = both / 2;
    await eventually(
      async () => (await gauge(b, 'querydesk_gateway_rate_queues')) === onlyB,
      8000,
      "TA's rate-limit queues dropped",
    );
    // TB is still served with its own client (its bot token ends in am-b).
    const calls = b.double.calls.length;
    await startQr(b, 'TB', 'CQRB2');
    await eventually(
      () =>
        b.double.calls
          .slice(calls)
          .some((c) => c.method === 'chat.update' && c.tokenLast4 === 'am-b'),
      8000,
      'TB still served',
    );
    expect(await gauge(b, 'querydesk_gateway_rate_queues')).toBe(onlyB);

    const revoked = await b.double.sendEvent(
      b.events,
      { type: 'tokens_revoked', tokens: { bot: ['UBTB'] } },
      'TB',
    );
    expect(revoked.status).toBe(200);
    await eventually(
      async () => (await gauge(b, 'querydesk_slack_workspace_clients')) === 0,
      5000,
      "TB's client dropped",
    );
    await eventually(
      async () => (await gauge(b, 'querydesk_gateway_rate_queues')) === 0,
      8000,
      "TB's rate-limit queues dropped",
    );
  }, 120_000);
});

describe('a workspace of an org-wide (Grid) install, through the HTTP path', () => {
  it("is served with its organisation's bot token, in and outside the request", async () => {
    h = await startOAuthBot({ QR_POLL_INTERVAL_MS: '200' }, { sandbox: { qrScanAfterMs: 500 } });
    const b = h;
    expect(
      await b.install({
        teamId: 'TG1',
        enterpriseId: 'E1',
        orgWide: true,
        botToken: 'xoxb-org-e1',
      }),
    ).toBe(200);
    expect(await b.install({ teamId: 'TOTHER', botToken: 'xoxb-other-team' })).toBe(200);
    const calls = b.double.calls.length;
    // TG2 has no installation of its own: only its organisation's.
    await startQr(b, 'TG2', 'CGRID', 'E1');
    // The QR watcher edits the status message outside any request, through clientFor('TG2'):
    // with the organisation's token (it ends in g-e1), not another installation's.
    await eventually(
      async () => (await gauge(b, 'querydesk_slack_workspace_clients')) === 1,
      8000,
      "TG2's client",
    );
    const edits = await eventually(
      () => {
        const c = b.double.calls
          .slice(calls)
          .filter((x) => x.method === 'chat.update' && x.args.channel === 'CGRID');
        return c.length > 0 ? c : undefined;
      },
      8000,
      'a status edit',
    );
    const used = b.double.calls
      .slice(calls)
      .filter((x) => x.args.channel === 'CGRID' && x.tokenLast4 !== undefined);
    expect(edits.every((c) => c.tokenLast4 === 'g-e1')).toBe(true);
    expect(new Set(used.map((c) => c.tokenLast4))).toEqual(new Set(['g-e1']));
  }, 60_000);

  it("an org-wide uninstall drops every client of the organisation's workspaces, and only those", async () => {
    h = await startOAuthBot({ QR_POLL_INTERVAL_MS: '200' }, { sandbox: { qrScanAfterMs: 500 } });
    const b = h;
    expect(
      await b.install({
        teamId: 'TG1',
        enterpriseId: 'E1',
        orgWide: true,
        botToken: 'xoxb-org-e1',
      }),
    ).toBe(200);
    expect(await b.install({ teamId: 'TA', botToken: 'xoxb-slack-team-a' })).toBe(200);
    await startQr(b, 'TG1', 'CGRID1', 'E1');
    await startQr(b, 'TG2', 'CGRID2', 'E1');
    await startQr(b, 'TA', 'CQRA');
    await eventually(
      async () => (await gauge(b, 'querydesk_slack_workspace_clients')) === 3,
      8000,
      'a client per workspace',
    );

    const ack = await b.double.sendEvent(b.events, { type: 'app_uninstalled' }, 'TG1', {
      id: 'E1',
      orgWide: true,
    });
    expect(ack.status).toBe(200);
    await eventually(
      async () => (await gauge(b, 'querydesk_slack_workspace_clients')) === 1,
      5000,
      "the organisation's clients dropped",
    );
    // TA keeps being served with its own client.
    const calls = b.double.calls.length;
    await startQr(b, 'TA', 'CQRA2');
    await eventually(
      () =>
        b.double.calls
          .slice(calls)
          .some((c) => c.method === 'chat.update' && c.tokenLast4 === 'am-a'),
      8000,
      'TA still served',
    );
    expect(await gauge(b, 'querydesk_slack_workspace_clients')).toBe(1);
  }, 60_000);
});
