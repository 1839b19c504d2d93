import { afterEach, describe, expect, it } from 'vitest';
import { beginInstall, type OAuthBot, startOAuthBot } from './harness.js';

let h: OAuthBot | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const stateRows = async (bot: OAuthBot) =>
  (await bot.bot.deps.store.db.selectFrom('oauth_states').selectAll().execute()).length;
const installations = async (bot: OAuthBot) =>
  (await bot.bot.deps.store.db.selectFrom('installations').selectAll().execute()).length;

describe('OAuth state', () => {
  it('GET /slack/install stores nothing, however many anonymous requests come', async () => {
    h = await startOAuthBot();
    const starts = await Promise.all(Array.from({ length: 25 }, () => beginInstall(h!.base)));
    for (const s of starts) {
      expect(s.status).toBe(302);
      expect(s.cookie).toContain(s.state);
    }
    expect(new Set(starts.map((s) => s.state)).size).toBe(25);
    expect(await stateRows(h)).toBe(0);
  });

  it('refuses a state that was not signed with the secret, even with a matching cookie', async () => {
    h = await startOAuthBot();
    const start = await beginInstall(h.base);
    const [body] = start.state.split('.');
    // The same payload with another signature, and the cookie made to match it.
    const forged = `${body}.${Buffer.alloc(32, 7).toString('base64url')}`;
    const cookie = start.cookie.replace(start.state, forged);
    const code = h.double.issueInstallCode({ teamId: 'TF', botToken: 'xoxb-f', botUserId: 'UBF' });
    const res = await fetch(
      `${h.base}/slack/oauth_redirect?code=${code}&state=${encodeURIComponent(forged)}`,
      { headers: { cookie } },
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await installations(h)).toBe(0);
    expect(h.double.callsTo('oauth.v2.access')).toHaveLength(0);
  });

  it('a used state is refused on every replica (the nonce is in the shared store)', async () => {
    h = await startOAuthBot();
    const start = await beginInstall(h.base);
    const redirect = (teamId: string) => {
      const code = h!.double.issueInstallCode({
        teamId,
        botToken: `xoxb-${teamId}`,
        botUserId: 'U',
      });
      return fetch(
        `${h!.base}/slack/oauth_redirect?code=${code}&state=${encodeURIComponent(start.state)}`,
        { headers: { cookie: start.cookie } },
      );
    };
    const [a, b] = await Promise.all([redirect('TA'), redirect('TB')]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a.status, b.status].filter((s) => s >= 400 && s < 500)).toHaveLength(1);
    expect(await installations(h)).toBe(1);
    expect(h.double.callsTo('oauth.v2.access')).toHaveLength(1);
  });
});
