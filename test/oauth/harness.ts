import { randomBytes } from 'node:crypto';
import type { StartOptions } from '../../src/service.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';

export const CLIENT_ID = '1111.2222';
export const CLIENT_SECRET = 'oauth-client-secret-value';

export interface OAuthBot extends BotHarness {
  /** Runs the whole install through /slack/install and /slack/oauth_redirect; returns the status. */
  install(grant: {
    teamId: string;
    botToken: string;
    enterpriseId?: string;
    orgWide?: boolean;
  }): Promise<number>;
}

/** The bot in many-workspace (OAuth) mode against the Slack double. */
export async function startOAuthBot(
  env: Record<string, string> = {},
  options: Partial<Omit<StartOptions, 'logger'>> = {},
  shared?: SlackDouble,
): Promise<OAuthBot> {
  const double = shared ?? (await startSlackDouble());
  double.setOAuthClient(CLIENT_ID, CLIENT_SECRET);
  const h = await startBot(
    {
      SLACK_BOT_TOKEN: '',
      SLACK_CLIENT_ID: CLIENT_ID,
      SLACK_CLIENT_SECRET: CLIENT_SECRET,
      SLACK_STATE_SECRET: 'state-secret-value',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...env,
    },
    options,
    double,
  );
  return {
    ...h,
    async stop() {
      await h.stop();
      if (!shared) await double.close();
    },
    async install(grant) {
      const start = await beginInstall(h.base);
      const code = double.issueInstallCode({ botUserId: `UB${grant.teamId}`, ...grant });
      const res = await fetch(
        `${h.base}/slack/oauth_redirect?code=${code}&state=${encodeURIComponent(start.state)}`,
        { headers: { cookie: start.cookie }, redirect: 'manual' },
      );
      return res.status;
    },
  };
}

/** GET /slack/install: the redirect's location, its state and the cookie it set. */
export async function beginInstall(base: string) {
  const res = await fetch(`${base}/slack/install`, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  const state = new URL(location || 'http://x/').searchParams.get('state') ?? '';
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { status: res.status, location, state, cookie };
}
