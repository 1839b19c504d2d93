import { App, LogLevel } from '@slack/bolt';

/**
 * The scale benchmark's reference: a plain Bolt app in HTTP mode that acks every slash command
 * and App Home opening and does nothing else, on the same Slack double and machine, running beside
 * the bot and sent each request of the bot's measured stream (and its flood) at the same moment.
 * Its ack times show how much of the bot's own is Bolt's and the machine's under the same load.
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
app.command(/^\/.+/, async ({ ack }) => {
  await ack();
});
app.event('app_home_opened', async () => undefined);
await app.start(Number(process.env.PORT));
process.on('SIGTERM', () => {
  void app.stop().then(() => process.exit(0));
});
