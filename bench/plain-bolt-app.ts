import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, LogLevel } from '@slack/bolt';

/** A running plain Bolt app: its `POST /slack/events` URL. */
export interface PlainBolt {
  events: string;
  stop(): Promise<void>;
}

/**
 * The benchmarks' reference: a plain Bolt app in HTTP mode whose one command listener only acks
 * (and whose message shortcut opens a one-block modal), on the same Slack double and machine as
 * the bot. Its ack times under the same commands show how much of the bot's own is Bolt's and the
 * machine's.
 */
export async function startPlainBolt(options: {
  token: string | undefined;
  signingSecret: string;
  slackApiUrl: string | undefined;
  /** 0: any free port. */
  port: number;
}): Promise<PlainBolt> {
  const app = new App({
    token: options.token,
    signingSecret: options.signingSecret,
    clientOptions: { slackApiUrl: options.slackApiUrl },
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
  // The message shortcut's reference: ack, then open the smallest modal with its trigger_id.
  app.shortcut('lookup_message', async ({ ack, shortcut, client }) => {
    await ack();
    await client.views.open({
      trigger_id: shortcut.trigger_id,
      view: {
        type: 'modal',
        title: { type: 'plain_text', text: 'Look up' },
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Numbers' } }],
      },
    });
  });
  const server = (await app.start(options.port)) as Server;
  const { port } = server.address() as AddressInfo;
  return {
    events: `http://127.0.0.1:${port}/slack/events`,
    stop: () => app.stop().then(() => undefined),
  };
}
