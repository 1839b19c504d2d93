import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { startSocketModeServer } from '../fakes/socket-mode-server.js';

const X = SANDBOX_EXAMPLES.payOrder;
let double: SlackDouble;
let socket: Awaited<ReturnType<typeof startSocketModeServer>>;
let h: BotHarness;

beforeAll(async () => {
  double = await startSlackDouble();
  socket = await startSocketModeServer(double.apiUrl);
  h = await startBot(
    { SLACK_SIGNING_SECRET: '', SLACK_APP_TOKEN: 'xapp-1-test', SLACK_API_URL: socket.apiUrl },
    {},
    double,
  );
  await socket.connected();
});
afterAll(async () => {
  await h?.stop();
  await socket?.close();
  await double?.close();
});

describe('Socket Mode', () => {
  it('connects through SLACK_API_URL and answers a slash command sent over the socket', async () => {
    expect(h.bot.deps.config.mode).toBe('socket');
    const channel = 'C0SOCKET';
    const before = double.messages().filter((m) => m.ephemeral).length;
    const ack = await socket.send('slash_commands', {
      command: '/payorder',
      text: `${X.paid.orderNumber} ${X.merchantNum}`,
      team_id: double.teamId,
      user_id: 'U0SOCK',
      user_name: 'sock',
      channel_id: channel,
      response_url: double.responseUrl(channel, 'U0SOCK'),
      trigger_id: double.trigger('U0SOCK'),
      api_app_id: 'A0TEST',
    });
    expect(ack).toBeDefined();
    const card = await double.waitFor(
      () => double.messages().filter((m) => m.ephemeral)[before],
      8000,
    );
    expect(card.text).toMatch(/Paid/);
    expect(card.channel).toBe(channel);
  });

  it('acks bad input over the socket, then refuses it with the usage, calling no gateway', async () => {
    const calls = h.bot.sandbox!.requests().length;
    const before = double.messages().filter((m) => m.ephemeral).length;
    const ack = (await socket.send('slash_commands', {
      command: '/payorder',
      text: 'one',
      team_id: double.teamId,
      user_id: 'U0SOCK',
      channel_id: 'C0SOCKET',
      response_url: double.responseUrl('C0SOCKET', 'U0SOCK'),
      trigger_id: double.trigger('U0SOCK'),
    })) as { text?: string };
    // Acked empty; the refusal follows through the response_url, in the asker's language.
    expect(ack.text).toBeUndefined();
    const refusal = await double.waitFor(
      () => double.messages().filter((m) => m.ephemeral)[before],
      5000,
    );
    expect(refusal.text).toMatch(/Usage: \/payorder/);
    expect(h.bot.sandbox!.requests().length).toBe(calls);
  });

  it('still serves /healthz on PORT', async () => {
    const res = await fetch(`${h.base}/healthz`);
    expect(await res.json()).toEqual({ ok: true });
  });
});
