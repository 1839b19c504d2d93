import { startPlainBolt } from './plain-bolt-app.js';

/**
 * The load benchmark's reference as a process of its own (started by plain node, beside the bot's
 * processes): see plain-bolt-app.ts.
 */
const app = await startPlainBolt({
  token: process.env.SLACK_BOT_TOKEN,
  signingSecret: process.env.SLACK_SIGNING_SECRET ?? '',
  slackApiUrl: process.env.SLACK_API_URL,
  port: Number(process.env.PORT),
});
process.on('SIGTERM', () => {
  void app.stop().then(() => process.exit(0));
});
