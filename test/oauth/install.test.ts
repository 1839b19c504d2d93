import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { watchDb } from '../../src/watches/watch-row.js';
import { beginInstall, CLIENT_ID, type OAuthBot, startOAuthBot } from './harness.js';

let h: OAuthBot | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function installations(bot: OAuthBot) {
  return bot.bot.deps.store.db.selectFrom('installations').selectAll().execute();
}

describe('OAuth install', () => {
  it('redirects to Slack with a state bound to a cookie, and stores the install once', async () => {
    h = await startOAuthBot();
    const start = await beginInstall(h.base);
    expect(start.status).toBe(302);
    expect(start.location).toMatch(/oauth\/v2\/authorize\?/);
    expect(start.location).toContain(`client_id=${CLIENT_ID}`);
    expect(start.location).toContain('scope=commands');
    expect(start.state).not.toBe('');
    expect(start.cookie).toContain(start.state);

    const code = h.double.issueInstallCode({
      teamId: 'TA',
      botToken: 'xoxb-team-a',
      botUserId: 'UBA',
    });
    const url = `${h.base}/slack/oauth_redirect?code=${code}&state=${encodeURIComponent(start.state)}`;
    const ok = await fetch(url, { headers: { cookie: start.cookie } });
    expect(ok.status).toBe(200);
    expect(h.double.callsTo('oauth.v2.access')).toHaveLength(1);
    const rows = await installations(h);
    expect(rows.map((r) => r.id)).toEqual(['TA']);
    expect(rows[0]!.bot_token_enc).not.toContain('xoxb-team-a');

    // The same state again (a replayed redirect): refused, nothing more stored or exchanged.
    const code2 = h.double.issueInstallCode({
      teamId: 'TB',
      botToken: 'xoxb-team-b',
      botUserId: 'UBB',
    });
    const again = await fetch(
      `${h.base}/slack/oauth_redirect?code=${code2}&state=${encodeURIComponent(start.state)}`,
      { headers: { cookie: start.cookie } },
    );
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect((await installations(h)).map((r) => r.id)).toEqual(['TA']);
  });

  it('refuses a missing state, a wrong state and a state without its cookie', async () => {
    h = await startOAuthBot();
    const start = await beginInstall(h.base);
    const code = h.double.issueInstallCode({
      teamId: 'TA',
      botToken: 'xoxb-team-a',
      botUserId: 'UBA',
    });
    const tries = [
      fetch(`${h.base}/slack/oauth_redirect?code=${code}`, { headers: { cookie: start.cookie } }),
      fetch(`${h.base}/slack/oauth_redirect?code=${code}&state=forged`, {
        headers: { cookie: start.cookie },
      }),
      fetch(`${h.base}/slack/oauth_redirect?code=${code}&state=${encodeURIComponent(start.state)}`),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await installations(h)).toEqual([]);
    expect(h.double.callsTo('oauth.v2.access')).toHaveLength(0);
  });

  it('stores an Enterprise Grid org-wide install under the org, and serves its workspaces', async () => {
    h = await startOAuthBot();
    expect(
      await h.install({ teamId: 'TG1', enterpriseId: 'E1', orgWide: true, botToken: 'xoxb-org' }),
    ).toBe(200);
    const rows = await installations(h);
    expect(rows.map((r) => [r.id, r.enterprise_id])).toEqual([['E1', 'E1']]);
  });

  it('runs nothing for a team without an installation; answers an installed one', async () => {
    h = await startOAuthBot();
    expect(await h.install({ teamId: 'TA', botToken: 'xoxb-team-a' })).toBe(200);
    const before = h.double.calls.length;
    await h.double.sendCommand(h.events, { command: '/spend', team: 'TZ' });
    // An absence (nothing runs for a team without an installation): a while in which it could.
    await new Promise((r) => setTimeout(r, 300));
    expect(h.double.calls.slice(before).filter((c) => c.method !== 'auth.test')).toEqual([]);

    const ack = await h.double.sendCommand(h.events, {
      command: '/querydesk',
      text: 'help',
      team: 'TA',
    });
    expect(ack.status).toBe(200);
    // Help is acked first, then answered (through the response_url) in the asker's language.
    const help = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.ephemeral && m.text.includes('/payorder')),
      8000,
    );
    expect(help.text).toMatch(/^querydesk commands: /);
  });

  it('app_uninstalled deletes the workspace tokens and ends its QR watches', async () => {
    h = await startOAuthBot();
    await h.install({ teamId: 'TA', botToken: 'xoxb-team-a' });
    await h.install({ teamId: 'TB', botToken: 'xoxb-team-b' });
    const db = h.bot.deps.store.db;
    const now = Date.now();
    for (const team of ['TA', 'TB']) {
      await db
        .insertInto('qr_sessions')
        .values({
          workspace_id: team,
          session_id: `s-${team}`,
          channel_id: 'C1',
          user_id: 'U1',
          media_mark: 'm',
          landing_page: null,
          url: 'https://example.invalid/qr',
          message_ts: null,
          file_id: null,
          state: 1,
          watch_state: 'watching',
          next_check_at: now + 3_600_000,
          checks_made: 0,
          points_charged: 0,
          lease_owner: null,
          lease_until: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await h.double.sendEvent(h.events, { type: 'app_uninstalled' }, 'TA');
    // Polled: the event is acked before it runs, so no change at the double follows the log line.
    await vi.waitFor(() => expect(h!.log.text()).toContain('tokens deleted'), { timeout: 5000 });
    expect((await installations(h)).map((r) => r.id)).toEqual(['TB']);
    const sessions = await db
      .selectFrom('qr_sessions')
      .select(['workspace_id', 'watch_state'])
      .orderBy('workspace_id')
      .execute();
    expect(sessions).toEqual([
      { workspace_id: 'TA', watch_state: 'done' },
      { workspace_id: 'TB', watch_state: 'watching' },
    ]);
  });

  it('tokens_revoked for the bot deletes the tokens; for a user token alone it keeps them', async () => {
    h = await startOAuthBot();
    await h.install({ teamId: 'TA', botToken: 'xoxb-team-a' });
    await h.double.sendEvent(h.events, { type: 'tokens_revoked', tokens: { oauth: ['U1'] } }, 'TA');
    // An absence (the tokens are kept): a while in which a deletion could have come.
    await new Promise((r) => setTimeout(r, 200));
    expect((await installations(h)).map((r) => r.id)).toEqual(['TA']);
    await h.double.sendEvent(h.events, { type: 'tokens_revoked', tokens: { bot: ['UBTA'] } }, 'TA');
    await vi.waitFor(async () => expect(await installations(h!)).toEqual([]));
  });

  it('the install redirect points at the authorize page beside SLACK_API_URL', async () => {
    h = await startOAuthBot();
    const start = await beginInstall(h.base);
    expect(start.location.startsWith(`${h.double.url}/oauth/v2/authorize?`)).toBe(true);
  });

  it('app_uninstalled also stops the workspace order watches', async () => {
    h = await startOAuthBot();
    await h.install({ teamId: 'TA', botToken: 'xoxb-team-a' });
    const X = SANDBOX_EXAMPLES;
    await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: `watch ${X.payOrder.waits.orderNumber} ${X.payOrder.merchantNum}`,
      team: 'TA',
    });
    const watches = () =>
      watchDb(h!.bot.deps.store.db)
        .selectFrom('order_watches')
        .select(['workspace_id', 'watch_state'])
        .execute();
    await vi.waitFor(async () => expect((await watches()).length).toBe(1), { timeout: 8000 });
    await h.double.sendEvent(h.events, { type: 'app_uninstalled' }, 'TA');
    await vi.waitFor(async () =>
      expect(await watches()).toEqual([{ workspace_id: 'TA', watch_state: 'stopped' }]),
    );
  });
});
