import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { startSocketModeServer } from '../fakes/socket-mode-server.js';

const X = SANDBOX_EXAMPLES.payOrder;
let double: SlackDouble | undefined;
let socket: Awaited<ReturnType<typeof startSocketModeServer>> | undefined;
let h: BotHarness | undefined;

afterEach(async () => {
  await h?.stop();
  await socket?.close();
  await double?.close();
  h = socket = double = undefined;
});

describe.each(['debug', 'trace'])('Socket Mode logging at LOG_LEVEL=%s', (level) => {
  it('writes no raw payload: not who sent it, nor its response URL or trigger id', async () => {
    double = await startSlackDouble();
    socket = await startSocketModeServer(double.apiUrl);
    h = await startBot(
      {
        SLACK_SIGNING_SECRET: '',
        SLACK_APP_TOKEN: 'xapp-1-test',
        SLACK_API_URL: socket.apiUrl,
        LOG_LEVEL: level,
      },
      {},
      double,
    );
    await socket.connected();
    const d = double;
    const marker = `remark-${level}-7f3a9c`;
    const responseUrl = d.responseUrl('C0SOCKLOG', 'U0SOCK');
    const triggerId = d.trigger('U0SOCK');
    const before = d.messages().filter((m) => m.ephemeral).length;
    await socket.send('slash_commands', {
      command: '/payorder',
      text: `${X.paid.orderNumber} ${X.merchantNum}`,
      user_name: marker,
      channel_name: marker,
      team_id: d.teamId,
      user_id: 'U0SOCK',
      channel_id: 'C0SOCKLOG',
      response_url: responseUrl,
      trigger_id: triggerId,
      api_app_id: 'A0TEST',
    });
    await d.waitFor(() => d.messages().filter((m) => m.ephemeral)[before], 8000);
    const log = h.log.text();
    expect(log).not.toContain(marker);
    expect(log).not.toContain(responseUrl);
    expect(log).not.toContain(triggerId);
    // The client did log the frame (so the capture sees its lines), without the frame itself.
    expect(log).toContain('Received a message on the WebSocket (payload not logged');
  });
});
