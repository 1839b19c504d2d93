import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../src/config.js';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { type Querydesk, type StartOptions, startQuerydesk } from '../../src/service.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { type GatewayProxy, startGatewayProxy } from './gateway-proxy.js';
import { captureLogger } from './log-capture.js';

export interface BotHarness {
  bot: Querydesk;
  double: SlackDouble;
  /** The bot's `POST /slack/events` URL. */
  events: string;
  base: string;
  log: ReturnType<typeof captureLogger>;
  stop(): Promise<void>;
}

/** The real app in HTTP mode on loopback, against the Slack double and the embedded sandbox. */
export async function startBot(
  env: Record<string, string> = {},
  options: Partial<Omit<StartOptions, 'logger'>> = {},
  /** A double shared with another bot (replicas of one app); the caller closes it. */
  shared?: SlackDouble,
): Promise<BotHarness> {
  const double = shared ?? (await startSlackDouble());
  const dir = mkdtempSync(join(tmpdir(), 'qd-bot-'));
  const config = readConfig({
    PORT: '0',
    SLACK_BOT_TOKEN: double.botToken,
    SLACK_SIGNING_SECRET: double.signingSecret,
    SLACK_API_URL: double.apiUrl,
    DATABASE_URL: `sqlite:${join(dir, 'qd.db')}`,
    JOURNAL_DIR: join(dir, 'journal'),
    LOG_LEVEL: 'debug',
    ...env,
  });
  const log = captureLogger(env.LOG_LEVEL ?? 'debug');
  const bot = await startQuerydesk(config, { logger: log.logger, ...options });
  const base = `http://127.0.0.1:${bot.port}`;
  return {
    bot,
    double,
    events: `${base}/slack/events`,
    base,
    log,
    async stop() {
      await bot.stop();
      if (!shared) await double.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The real app against a sandbox gateway in its own server, reached through a proxy the test can
 * hold, fail or rewrite (fakes/gateway-proxy.ts).
 */
export async function startBotBehindProxy(): Promise<{
  h: BotHarness;
  sandbox: Sandbox;
  proxy: GatewayProxy;
  stop(): Promise<void>;
}> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
  const proxy = await startGatewayProxy(sandbox.url);
  const h = await startBot({
    GATEWAY_BASE_URL: proxy.url,
    GATEWAY_TOKEN: SANDBOX_EXAMPLES.token,
  });
  return {
    h,
    sandbox,
    proxy,
    async stop() {
      await h.stop();
      await proxy.close();
      await sandbox.close();
    },
  };
}
