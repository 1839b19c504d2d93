import { App, LogLevel } from '@slack/bolt';

/**
 * The load benchmark's reference: a plain Bolt app in HTTP mode whose one command listener only
 * acks, on the same Slack double and machine. Its ack times under the same burst show how much of
 * the bot's own is Bolt's and the machine's.
 */
const app = new App({
  token: process.env.SLACK_BOT_TOKEN,
  signingSecret: process.env.SLACK_SIGNING_SECRET ?? '',
  clientOptions: { slackApiUrl: process.env.SLACK_API_URL },
  logLevel: LogLevel.WARN,
  customRoutes: [
    {
      path: '/healthz',
      method: ['GET'],
      handler: (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      },
    },
  ],
});
app.command('/payorder', async ({ ack }) => {
  await ack();
});
await app.start(Number(process.env.PORT));
process.on('SIGTERM', () => {
  void app.stop().then(() => process.exit(0));
});
