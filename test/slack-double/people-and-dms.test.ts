import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  App,
  type BlockAction,
  type ButtonAction,
  LogLevel,
  type MessageShortcut,
} from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SlackDouble, slackText, startDoubleWithClient } from '../fakes/slack-double.js';

// What approvals, mentions and DMs need from the double: people with roles, one IM per person
// that conversations.open and a post to the user id agree on, and a person's messages and
// message shortcuts reaching a real Bolt app signed and shaped as Slack sends them.
let double: SlackDouble;
let client: WebClient;
let app: App;
let events: string;
const heard: { kind: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  ({ double, client } = await startDoubleWithClient());
  double.addUser({ id: 'U0ASKER', name: 'asker', realName: 'Asker' });
  double.addUser({ id: 'U0OWNER', name: 'owner', realName: 'Owner', isOwner: true });
  double.addUser({ id: 'U0ADMIN', name: 'admin', realName: 'Admin', isAdmin: true });
  app = new App({
    token: double.botToken,
    signingSecret: double.signingSecret,
    clientOptions: { slackApiUrl: double.apiUrl, retryConfig: { retries: 0 } },
    logLevel: LogLevel.ERROR,
  });
  app.event('app_mention', async ({ event }) => {
    heard.push({ kind: 'app_mention', body: event as unknown as Record<string, unknown> });
  });
  app.message(async ({ message }) => {
    heard.push({ kind: 'message', body: message as unknown as Record<string, unknown> });
  });
  app.shortcut<MessageShortcut>('lookup_message', async ({ ack, shortcut }) => {
    await ack();
    heard.push({ kind: 'shortcut', body: shortcut as unknown as Record<string, unknown> });
  });
  app.action<BlockAction<ButtonAction>>('approve', async ({ ack, body, client: bot }) => {
    await ack();
    await bot.chat.update({
      channel: body.channel?.id ?? '',
      ts: body.message?.ts ?? '',
      text: `Approved by <@${body.user.id}>`,
    });
  });
  const server = (await app.start(0)) as Server;
  events = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
});

afterAll(async () => {
  await app?.stop();
  await double?.close();
});

describe('people, IMs and what people say, in the Slack double', () => {
  it('users.list names admins and owners and pages by cursor', async () => {
    const first = await client.users.list({ limit: 2 });
    const cursor = first.response_metadata?.next_cursor ?? '';
    const rest = await client.users.list({ limit: 100, cursor });
    const members = [...(first.members ?? []), ...(rest.members ?? [])];
    const byId = new Map(members.map((m) => [m.id, m]));

    expect(first.members).toHaveLength(2);
    expect(cursor).not.toBe('');
    expect(rest.response_metadata?.next_cursor).toBe('');
    expect(byId.get('U0OWNER')).toMatchObject({ is_owner: true, is_admin: true, is_bot: false });
    expect(byId.get('U0ADMIN')).toMatchObject({ is_owner: false, is_admin: true });
    expect(byId.get('U0ASKER')).toMatchObject({ is_owner: false, is_admin: false });
  });

  it('conversations.open gives each person one stable IM, and a post to their user id lands there', async () => {
    const opened = await client.conversations.open({ users: 'U0OWNER' });
    const again = await client.conversations.open({ users: 'U0OWNER' });
    const other = await client.conversations.open({ users: 'U0ADMIN' });
    const posted = await client.chat.postMessage({ channel: 'U0OWNER', text: 'to the user id' });
    const viaIm = await client.chat.postMessage({
      channel: opened.channel?.id ?? '',
      text: 'to the IM',
    });

    expect(opened.channel?.id).toMatch(/^D/);
    expect(again).toMatchObject({ channel: { id: opened.channel?.id }, already_open: true });
    expect(other.channel?.id).not.toBe(opened.channel?.id);
    expect(posted.channel).toBe(opened.channel?.id);
    expect(viaIm.channel).toBe(opened.channel?.id);
    expect(double.messages(opened.channel?.id).map((m) => m.text)).toEqual([
      'to the user id',
      'to the IM',
    ]);
    const info = await client.conversations.info({ channel: opened.channel?.id ?? '' });
    expect(info.channel).toMatchObject({ is_im: true, user: 'U0OWNER' });
  });

  it('conversations.open refuses what Slack refuses', async () => {
    const error = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: { data?: { error?: string } }) => e.data?.error,
      );

    expect(await error(client.apiCall('conversations.open', {}))).toBe('users_list_not_supplied');
    expect(await error(client.conversations.open({ users: double.botUserId }))).toBe(
      'cannot_dm_bot',
    );
    expect(await error(client.conversations.open({ channel: 'C0NOTANIM' }))).toBe(
      'channel_not_found',
    );
  });

  it('a button in a DM reaches the app as block_actions from that person, and chat.update edits it', async () => {
    const { channel, ts } = await client.chat.postMessage({
      channel: 'U0OWNER',
      text: 'Approve?',
      blocks: [
        {
          type: 'actions',
          elements: [
            { type: 'button', action_id: 'approve', text: { type: 'plain_text', text: 'Approve' } },
          ],
        },
      ],
    });

    const ack = await double.sendAction(events, {
      channel: channel ?? '',
      messageTs: ts ?? '',
      actionId: 'approve',
      user: 'U0OWNER',
    });
    const edited = await double.waitFor(() =>
      double.messages(channel).find((m) => m.ts === ts && m.edits > 0),
    );

    expect(ack.status).toBe(200);
    expect(edited.text).toBe('Approved by <@U0OWNER>');
  });

  it('a mention in a channel reaches the app as app_mention, in its thread when it is a reply', async () => {
    const text = slackText('@querydesk payorder 420012405000011 898310058120001 & <b>', {
      querydesk: double.botUserId,
    });
    const parent = await double.postAsPerson(events, { user: 'U0ASKER', channel: 'C0OPS', text });
    const reply = await double.postAsPerson(events, {
      user: 'U0ASKER',
      channel: 'C0OPS',
      text: slackText('@querydesk 4200124050000', { querydesk: double.botUserId }),
      threadTs: parent.message.ts,
    });
    const quiet = await double.postAsPerson(events, {
      user: 'U0ASKER',
      channel: 'C0OPS',
      text: 'no mention here',
    });
    await double.waitFor(() => heard.filter((h) => h.kind === 'app_mention').length === 2);

    expect(text).toBe(
      `<@${double.botUserId}> payorder 420012405000011 898310058120001 &amp; &lt;b&gt;`,
    );
    expect(parent.ack?.status).toBe(200);
    expect(quiet.event).toBeUndefined();
    const [first, second] = heard.filter((h) => h.kind === 'app_mention').map((h) => h.body);
    expect(first).toMatchObject({
      type: 'app_mention',
      user: 'U0ASKER',
      channel: 'C0OPS',
      text,
      ts: parent.message.ts,
      event_ts: parent.message.ts,
    });
    expect(first?.thread_ts).toBeUndefined();
    expect(JSON.stringify(first?.blocks)).toContain(`"user_id":"${double.botUserId}"`);
    expect(JSON.stringify(first?.blocks)).toContain('& <b>');
    expect(second).toMatchObject({ thread_ts: parent.message.ts, ts: reply.message.ts });
    expect(heard.some((h) => h.kind === 'message')).toBe(false);
  });

  it('a message in the IM reaches the app as message with channel_type im', async () => {
    const im = (await client.conversations.open({ users: 'U0ASKER' })).channel?.id ?? '';
    const sent = await double.postAsPerson(events, {
      user: 'U0ASKER',
      channel: im,
      text: '420012405000011 898310058120001',
    });
    const got = await double.waitFor(() => heard.find((h) => h.kind === 'message')?.body);

    expect(got).toMatchObject({
      type: 'message',
      channel_type: 'im',
      channel: im,
      user: 'U0ASKER',
      text: '420012405000011 898310058120001',
      ts: sent.message.ts,
    });
    expect(got.subtype).toBeUndefined();
  });

  it('a message shortcut sends message_action with the message, channel, trigger and response_url', async () => {
    const said = await double.postAsPerson(events, {
      user: 'U0ASKER',
      channel: 'C0OPS',
      text: 'order 420012405000011 at 898310058120001',
    });
    const ack = await double.sendMessageAction(events, {
      callbackId: 'lookup_message',
      user: 'U0OWNER',
      channel: 'C0OPS',
      messageTs: said.message.ts,
    });
    const got = await double.waitFor(() => heard.find((h) => h.kind === 'shortcut')?.body);

    expect(ack.status).toBe(200);
    expect(got).toMatchObject({
      type: 'message_action',
      callback_id: 'lookup_message',
      user: { id: 'U0OWNER' },
      channel: { id: 'C0OPS' },
      message_ts: said.message.ts,
      message: { ts: said.message.ts, user: 'U0ASKER', text: said.message.text },
    });
    expect(got.trigger_id).toEqual(expect.any(String));
    expect(String(got.response_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/response\//);
    expect(JSON.stringify(got.message)).toContain('rich_text');
  });
});
