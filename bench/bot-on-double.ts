import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../src/config.js';
import { type Querydesk, type StartOptions, startQuerydesk } from '../src/service.js';
import { type SlackDouble, startSlackDouble } from '../src/slack-double/index.js';
import { silentLogger } from './silent.js';

export interface BotOnDouble {
  bot: Querydesk;
  double: SlackDouble;
  /** The bot's `POST /slack/events` URL. */
  events: string;
  stop(): Promise<void>;
}

/**
 * The whole app in HTTP mode on loopback, as production runs it: its own SQLite file, the embedded
 * sandbox gateway, and the Slack double standing in for Slack.
 */
export async function startBotOnDouble(
  env: Record<string, string> = {},
  options: Omit<StartOptions, 'logger'> = {},
): Promise<BotOnDouble> {
  const double = await startSlackDouble();
  const dir = await mkdtemp(join(tmpdir(), 'qd-bench-'));
  try {
    const config = readConfig({
      PORT: '0',
      SLACK_BOT_TOKEN: double.botToken,
      SLACK_SIGNING_SECRET: double.signingSecret,
      SLACK_API_URL: double.apiUrl,
      DATABASE_URL: `sqlite:${join(dir, 'querydesk.db')}`,
      LOG_LEVEL: 'silent',
      ...env,
    });
    const bot = await startQuerydesk(config, { logger: silentLogger(), ...options });
    return {
      bot,
      double,
      events: `http://127.0.0.1:${bot.port}/slack/events`,
      async stop() {
        await bot.stop();
        await double.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await double.close();
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
