import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, type BlockAction, type ButtonAction, LogLevel } from '@slack/bolt';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHANNEL, type SlackDouble, startSlackDouble } from '../fakes/slack-double.js';

const SECRET = 'test-signing-secret';
let double: SlackDouble;
let server: Server | undefined;
let app: App | undefined;

afterEach(async () => {
  await app?.stop();
  app = undefined;
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
  await double.close();
});

interface Captured {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A bare receiver that records what arrives and acks with `reply`. */
async function recorder(reply = ''): Promise<{ url: string; seen: Captured[] }> {
  const seen: Captured[] = [];
  const local = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(Buffer.from(c));
    seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
    res.writeHead(200, { 'content-type': 'application/json' }).end(reply);
  });
  server = local;
  await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
  return { url: `${origin(local)}/slack/events`, seen };
}

function origin(s: Server): string {
  const address: AddressInfo | string | null = s.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
}

function recomputed(c: Captured | undefined): string {
  const ts = String(c?.headers['x-slack-request-timestamp']);
  return `v0=${createHmac('sha256', SECRET).update(`v0:${ts}:${c?.body}`).digest('hex')}`;
}

describe('signed requests', () => {
  it('signs a slash command with v0 HMAC-SHA256 and sends Slack form fields', async () => {
    double = await startSlackDouble({ signingSecret: SECRET });
    const bot = await recorder('{"text":"ok"}');

    const ack = await double.sendCommand(bot.url, {
      command: '/payorder',
      text: 'ORD-1 4455 remark="a & <b>"',
      user: 'U1',
      channel: 'C1',
    });

    const [req] = bot.seen;
    expect(ack).toEqual({ status: 200, body: '{"text":"ok"}', json: { text: 'ok' } });
    expect(req?.headers['x-slack-signature']).toBe(recomputed(req));
    expect(
      Math.abs(Number(req?.headers['x-slack-request-timestamp']) - Date.now() / 1000),
    ).toBeLessThan(5);
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(req?.body));
    expect(form).toMatchObject({
      command: '/payorder',
      text: 'ORD-1 4455 remark="a &amp; &lt;b&gt;"',
      user_id: 'U1',
      channel_id: 'C1',
      team_id: double.teamId,
    });
    expect(form.response_url?.startsWith(`${double.url}/response/`)).toBe(true);
    expect(form.trigger_id).toBeTruthy();
  });

  it('sends block_actions for a select in a message, with the picked option and a response_url', async () => {
    double = await startSlackDouble({ signingSecret: SECRET });
    const bot = await recorder();
    const pick = {
      type: 'static_select',
      action_id: 'kind',
      options: [
        { text: { type: 'plain_text', text: 'Platform' }, value: 'platform' },
        { text: { type: 'plain_text', text: 'Merchant' }, value: 'merchant' },
      ],
    };
    const url = double.responseUrl('C1', 'U1');
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text: 'pick',
        response_type: 'in_channel',
        blocks: [{ type: 'actions', block_id: 'b1', elements: [pick] }],
      }),
    });
    const card = double.messages('C1')[0];

    await double.sendAction(bot.url, {
      channel: 'C1',
      messageTs: card?.ts,
      actionId: 'kind',
      user: 'U1',
      value: 'merchant',
    });

    const [req] = bot.seen;
    expect(req?.headers['x-slack-signature']).toBe(recomputed(req));
    const payload = JSON.parse(new URLSearchParams(req?.body).get('payload') ?? '{}');
    expect(payload).toMatchObject({
      type: 'block_actions',
      user: { id: 'U1' },
      container: { type: 'message', message_ts: card?.ts, channel_id: 'C1', is_ephemeral: false },
      message: { ts: card?.ts, text: 'pick' },
      actions: [
        {
          type: 'static_select',
          action_id: 'kind',
          block_id: 'b1',
          selected_option: { value: 'merchant' },
        },
      ],
    });
    expect(payload.response_url.startsWith(`${double.url}/response/`)).toBe(true);
    await expect(
      double.sendAction(bot.url, {
        channel: 'C1',
        messageTs: card?.ts,
        actionId: 'kind',
        value: 'nope',
      }),
    ).rejects.toThrow('no option with value "nope"');
  });

  it('signs events as JSON event_callback', async () => {
    double = await startSlackDouble({ signingSecret: SECRET });
    const bot = await recorder();

    await double.sendEvent(bot.url, { type: 'app_home_opened', user: 'U1', tab: 'home' });

    const [req] = bot.seen;
    expect(req?.headers['x-slack-signature']).toBe(recomputed(req));
    expect(JSON.parse(req?.body ?? '')).toMatchObject({
      type: 'event_callback',
      team_id: double.teamId,
      event: { type: 'app_home_opened', user: 'U1', tab: 'home' },
      authorizations: [{ user_id: double.botUserId, is_bot: true }],
    });
  });

  it('sends a mention and a direct message as Slack does, and a retry with the same event_id', async () => {
    double = await startSlackDouble({ signingSecret: SECRET });
    const bot = await recorder();
    const text = `<@${double.botUserId}> payorder 4200 &lt;x&gt;`;

    const mention = await double.sendMention(bot.url, { text, user: 'U1', channel: 'C1' });
    await double.resendEvent(bot.url, mention, 1);
    const dm = await double.sendDirectMessage(bot.url, {
      text: 'shoporders 2201000250',
      user: 'U2',
    });

    const [first, retry, direct] = bot.seen.map((c) => ({ c, json: JSON.parse(c.body) }));
    expect(first?.c.headers['x-slack-signature']).toBe(recomputed(first?.c));
    expect(first?.json).toMatchObject({
      type: 'event_callback',
      event_id: mention.eventId,
      event: { type: 'app_mention', user: 'U1', channel: 'C1', text, ts: mention.message.ts },
    });
    expect(first?.json.event.blocks[0].elements[0].elements).toEqual([
      { type: 'user', user_id: double.botUserId },
      { type: 'text', text: ' payorder 4200 <x>' },
    ]);
    expect(first?.c.headers['x-slack-retry-num']).toBeUndefined();
    expect(retry?.json.event_id).toBe(mention.eventId);
    expect(retry?.c.headers['x-slack-retry-num']).toBe('1');
    expect(direct?.json.event).toMatchObject({
      type: 'message',
      channel_type: 'im',
      channel: dm.message.channel,
      user: 'U2',
    });
    expect(dm.message.channel).toMatch(/^D/);
    // Both messages are stored where a person would see them.
    expect(double.messages('C1').map((m) => m.text)).toEqual([text]);
    expect(double.messages(dm.message.channel)).toHaveLength(1);
  });
});

async function startBolt(signingSecret = SECRET): Promise<string> {
  app = new App({
    token: double.botToken,
    signingSecret,
    clientOptions: { slackApiUrl: double.apiUrl, retryConfig: { retries: 0 } },
    logLevel: LogLevel.ERROR,
  });
  app.command('/payorder', async ({ ack, command, respond, client }) => {
    await ack();
    if (command.text === '') {
      await client.views.open({
        trigger_id: command.trigger_id,
        view: {
          type: 'modal',
          callback_id: 'payorder',
          title: { type: 'plain_text', text: 'Pay order' },
          submit: { type: 'plain_text', text: 'Look up' },
          blocks: [
            {
              type: 'input',
              block_id: 'order',
              label: { type: 'plain_text', text: 'Order number' },
              element: { type: 'plain_text_input', action_id: 'value' },
            },
          ],
        },
      });
      return;
    }
    await respond({ text: `Looking up ${command.text}` });
    await client.chat.postMessage({
      channel: command.channel_id,
      text: 'Page 1',
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: 'Page 1' } },
        {
          type: 'actions',
          block_id: 'pager',
          elements: [
            {
              type: 'button',
              action_id: 'next',
              value: '2',
              text: { type: 'plain_text', text: 'Next' },
            },
          ],
        },
      ],
    });
  });
  app.action<BlockAction<ButtonAction>>('next', async ({ ack, body, client }) => {
    await ack();
    const page = body.actions[0]?.value;
    await client.chat.update({
      channel: body.container.channel_id,
      ts: body.container.message_ts,
      text: `Page ${page}`,
      blocks: [],
    });
  });
  app.view('payorder', async ({ ack, view }) => {
    const order = view.state.values.order?.value?.value ?? '';
    if (!/^\d+$/.test(order)) {
      await ack({ response_action: 'errors', errors: { order: 'digits only' } });
      return;
    }
    await ack();
  });
  const started = await app.start(0);
  return `${origin(started)}/slack/events`;
}

describe('a real Bolt app against the double', () => {
  it('runs a slash command: ack, respond, post, then a button click edits the card in place', async () => {
    double = await startSlackDouble({ signingSecret: SECRET });
    const events = await startBolt();

    const ack = await double.sendCommand(events, {
      command: '/payorder',
      text: 'ORD-1 4455',
      user: 'U1',
    });
    const card = await double.waitFor(() =>
      double.messages(DEFAULT_CHANNEL).find((m) => m.text === 'Page 1'),
    );
    const click = await double.sendAction(events, {
      channel: DEFAULT_CHANNEL,
      messageTs: card.ts,
      actionId: 'next',
      user: 'U1',
    });
    await double.waitFor(() => double.messages(DEFAULT_CHANNEL).find((m) => m.text === 'Page 2'));

    expect(ack.status).toBe(200);
    expect(click.status).toBe(200);
    expect(double.messages(DEFAULT_CHANNEL)).toMatchObject([
      { text: 'Looking up ORD-1 4455', ephemeral: true, visibleTo: 'U1' },
      { ts: card.ts, text: 'Page 2', edits: 1 },
    ]);
  });

  it('opens a modal from a bare command and applies the submission ack to the view', async () => {
    double = await startSlackDouble({ signingSecret: SECRET });
    const events = await startBolt();

    await double.sendCommand(events, { command: '/payorder', user: 'U1' });
    const modal = await double.waitFor(() => double.views().find((v) => v.open));
    const refused = await double.sendViewSubmission(events, {
      viewId: modal.id,
      values: { order: { value: 'abc' } },
    });
    const stillOpen = double.views()[0]?.open;
    const accepted = await double.sendViewSubmission(events, {
      viewId: modal.id,
      values: { order: { value: '123' } },
    });

    expect(refused.json).toEqual({ response_action: 'errors', errors: { order: 'digits only' } });
    expect(stillOpen).toBe(true);
    expect(accepted.status).toBe(200);
    expect(double.views()[0]?.open).toBe(false);
  });

  it('is refused with 401 when signed with another secret, and nothing runs', async () => {
    double = await startSlackDouble({ signingSecret: 'wrong-secret' });
    const events = await startBolt(SECRET);

    const ack = await double.sendCommand(events, { command: '/payorder', text: 'ORD-1 4455' });

    expect(ack.status).toBe(401);
    expect(double.messages()).toEqual([]);
  });
});
