import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, type BlockAction, type ButtonAction, LogLevel } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SlackDouble, startDoubleWithClient } from '../fakes/slack-double.js';

// What approvals and the console's direct messages need from the double: people with roles, one
// IM per person that conversations.open and a post to the user id agree on, and a button in that
// IM reaching a real Bolt app as that person's click.
let double: SlackDouble;
let client: WebClient;
let app: App;
let events: string;

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

describe('people and their IMs with the bot, in the Slack double', () => {
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
});
