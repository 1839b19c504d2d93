import { ErrorCode, type WebAPIPlatformError, type WebClient } from '@slack/web-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SlackDouble, startDoubleWithClient } from '../fakes/slack-double.js';

let double: SlackDouble;
let client: WebClient;

beforeEach(async () => {
  ({ double, client } = await startDoubleWithClient());
});
afterEach(async () => {
  await double.close();
});

async function slackError(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (err) {
    if (isPlatformError(err)) return err.data.error;
    throw err;
  }
  throw new Error('expected a Slack error');
}

function isPlatformError(err: unknown): err is WebAPIPlatformError {
  return err instanceof Error && 'code' in err && err.code === ErrorCode.PlatformError;
}

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });

describe('auth and identity', () => {
  it('auth.test names the bot and team', async () => {
    const res = await client.auth.test();

    expect(res).toMatchObject({
      ok: true,
      user_id: double.botUserId,
      team_id: double.teamId,
      bot_id: double.botId,
    });
  });

  it('answers not_authed without a token and invalid_auth with a wrong one', async () => {
    const bare = await fetch(`${double.apiUrl}auth.test`, { method: 'POST' });
    const wrong = await fetch(`${double.apiUrl}auth.test`, {
      method: 'POST',
      headers: { authorization: 'Bearer xoxb-wrong' },
    });

    expect(await bare.json()).toEqual({ ok: false, error: 'not_authed' });
    expect(await wrong.json()).toEqual({ ok: false, error: 'invalid_auth' });
  });

  it('accepts the token as a form field too', async () => {
    const res = await fetch(`${double.apiUrl}auth.test`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${double.botToken}`,
    });

    expect(await res.json()).toMatchObject({ ok: true, user_id: double.botUserId });
  });

  it('answers unknown_method for methods it does not know', async () => {
    expect(await slackError(client.apiCall('reactions.add', { name: 'x' }))).toBe('unknown_method');
  });

  it('users.info describes users, and the bot as a bot', async () => {
    double.addUser({ id: 'U1', name: 'alice', isAdmin: true, tz: 'Europe/Paris' });

    const alice = await client.users.info({ user: 'U1' });
    const bot = await client.users.info({ user: double.botUserId });

    expect(alice.user).toMatchObject({
      id: 'U1',
      name: 'alice',
      is_admin: true,
      tz: 'Europe/Paris',
      is_bot: false,
    });
    expect(bot.user?.is_bot).toBe(true);
  });

  it('users.list pages through the people it knows, owners marked as owners and admins', async () => {
    double.addUser({ id: 'U2', isOwner: true });
    double.addUser({ id: 'U3' });
    double.addUser({ id: 'U4', isAdmin: true });

    const first = await client.users.list({ limit: 2 });
    const cursor = first.response_metadata?.next_cursor;
    expect(cursor).toBeTruthy();
    const rest = await client.users.list({ limit: 2, cursor });
    const all = [...(first.members ?? []), ...(rest.members ?? [])];

    expect(all.map((m) => m.id)).toEqual(['U2', 'U3', 'U4']);
    expect(all[0]).toMatchObject({ is_owner: true, is_admin: true });
    expect(all[1]).toMatchObject({ is_owner: false, is_admin: false });
    expect(rest.response_metadata?.next_cursor).toBe('');
  });

  it('conversations.info and conversations.join track membership', async () => {
    double.addChannel({ id: 'C9', name: 'ops', botIsMember: false });

    const before = await client.conversations.info({ channel: 'C9' });
    const refused = await slackError(client.chat.postMessage({ channel: 'C9', text: 'hi' }));
    await client.conversations.join({ channel: 'C9' });
    const after = await client.conversations.info({ channel: 'C9' });
    await client.chat.postMessage({ channel: 'C9', text: 'hi' });

    expect(before.channel).toMatchObject({ id: 'C9', name: 'ops', is_member: false });
    expect(refused).toBe('not_in_channel');
    expect(after.channel?.is_member).toBe(true);
    expect(double.messages('C9').map((m) => m.text)).toEqual(['hi']);
  });
});

describe('chat', () => {
  it('postMessage stores text, blocks and thread and answers ts, channel and message', async () => {
    const res = await client.chat.postMessage({
      channel: 'C1',
      text: 'fallback',
      blocks: [section('*hello*')],
    });
    await client.chat.postMessage({ channel: 'C1', text: 'reply', thread_ts: res.ts });

    expect(res).toMatchObject({
      ok: true,
      channel: 'C1',
      message: { text: 'fallback', bot_id: double.botId },
    });
    const [first, reply] = double.messages('C1');
    expect(first).toMatchObject({
      ts: res.ts,
      text: 'fallback',
      blocks: [section('*hello*')],
      ephemeral: false,
      user: double.botUserId,
    });
    expect(reply).toMatchObject({ text: 'reply', threadTs: res.ts });
  });

  it('postMessage to a user id lands in the DM with that user', async () => {
    const res = await client.chat.postMessage({ channel: 'U77', text: 'psst' });

    expect(res.channel).toBe('D77');
    expect(double.messages('D77')[0]?.text).toBe('psst');
  });

  it('refuses a message with neither text nor blocks, and blocks over the limits', async () => {
    const noText = await slackError(client.chat.postMessage({ channel: 'C1', text: '' }));
    const tooLong = await slackError(
      client.chat.postMessage({ channel: 'C1', text: 'x', blocks: [section('y'.repeat(3001))] }),
    );

    expect(noText).toBe('no_text');
    expect(tooLong).toBe('invalid_blocks');
    expect(double.messages('C1')).toEqual([]);
  });

  it('postEphemeral stores a message only one user sees', async () => {
    const res = await client.chat.postEphemeral({ channel: 'C1', user: 'U5', text: 'only you' });

    expect(res.message_ts).toBeTruthy();
    expect(double.messages('C1')).toMatchObject([
      { ts: res.message_ts, text: 'only you', ephemeral: true, visibleTo: 'U5' },
    ]);
  });

  it('update edits in place, keeping the ts and the blocks it was not given', async () => {
    const posted = await client.chat.postMessage({
      channel: 'C1',
      text: 'v1',
      blocks: [section('one')],
    });

    const res = await client.chat.update({ channel: 'C1', ts: posted.ts ?? '', text: 'v2' });

    expect(res).toMatchObject({ ok: true, channel: 'C1', ts: posted.ts, text: 'v2' });
    expect(double.messages('C1')).toMatchObject([
      { ts: posted.ts, text: 'v2', blocks: [section('one')], edits: 1 },
    ]);
  });

  it('update answers message_not_found for an unknown ts and msg_too_long over 4000 characters', async () => {
    const posted = await client.chat.postMessage({ channel: 'C1', text: 'v1' });

    expect(await slackError(client.chat.update({ channel: 'C1', ts: '1.000001', text: 'x' }))).toBe(
      'message_not_found',
    );
    expect(
      await slackError(
        client.chat.update({ channel: 'C1', ts: posted.ts ?? '', text: 'x'.repeat(4001) }),
      ),
    ).toBe('msg_too_long');
    expect(double.messages('C1')[0]?.text).toBe('v1');
  });

  it('delete removes the message', async () => {
    const posted = await client.chat.postMessage({ channel: 'C1', text: 'gone soon' });

    await client.chat.delete({ channel: 'C1', ts: posted.ts ?? '' });

    expect(double.messages('C1')).toEqual([]);
    expect(await slackError(client.chat.delete({ channel: 'C1', ts: posted.ts ?? '' }))).toBe(
      'message_not_found',
    );
  });

  it('getPermalink links to the message on the double', async () => {
    const posted = await client.chat.postMessage({ channel: 'C1', text: 'link me' });

    const res = await client.chat.getPermalink({ channel: 'C1', message_ts: posted.ts ?? '' });

    expect(res.permalink).toBe(`${double.url}/archives/C1/p${posted.ts?.replace('.', '')}`);
  });
});

describe('views', () => {
  const modal = (title: string) => ({
    type: 'modal' as const,
    callback_id: 'cfg',
    title: { type: 'plain_text' as const, text: title },
    blocks: [section('body')],
  });

  it('open, push and update keep a stack per user, found by id', async () => {
    const opened = await client.views.open({
      trigger_id: double.trigger('U1'),
      view: modal('One'),
    });
    const pushed = await client.views.push({
      trigger_id: double.trigger('U1'),
      view: modal('Two'),
    });
    const updated = await client.views.update({
      view_id: opened.view?.id ?? '',
      view: modal('One again'),
    });

    expect(opened.view).toMatchObject({
      type: 'modal',
      callback_id: 'cfg',
      root_view_id: opened.view?.id ?? '',
    });
    expect(pushed.view).toMatchObject({
      previous_view_id: opened.view?.id ?? '',
      root_view_id: opened.view?.id ?? '',
    });
    expect(updated.view?.id).toBe(opened.view?.id);
    expect(double.views().map((v) => [v.user, v.lastAction, v.view.title])).toEqual([
      ['U1', 'updated', { type: 'plain_text', text: 'One again' }],
      ['U1', 'pushed', { type: 'plain_text', text: 'Two' }],
    ]);
  });

  it('refuses a used, unknown or expired trigger and a fourth pushed view', async () => {
    let now = new Date('2024-05-01T00:00:00Z');
    await double.close();
    ({ double, client } = await startDoubleWithClient({ now: () => now }));
    const trigger = double.trigger('U1');
    await client.views.open({ trigger_id: trigger, view: modal('One') });

    const reused = await slackError(client.views.open({ trigger_id: trigger, view: modal('One') }));
    const unknown = await slackError(
      client.views.open({ trigger_id: '1.2.3', view: modal('One') }),
    );
    await client.views.push({ trigger_id: double.trigger('U1'), view: modal('Two') });
    await client.views.push({ trigger_id: double.trigger('U1'), view: modal('Three') });
    const fourth = await slackError(
      client.views.push({ trigger_id: double.trigger('U1'), view: modal('Four') }),
    );
    const late = double.trigger('U1');
    now = new Date(now.getTime() + 3001);
    const expired = await slackError(client.views.open({ trigger_id: late, view: modal('Late') }));

    expect([reused, unknown, fourth, expired]).toEqual([
      'exchanged_trigger_id',
      'invalid_trigger_id',
      'push_limit_reached',
      'expired_trigger_id',
    ]);
  });

  it('update answers not_found and hash_conflict', async () => {
    const opened = await client.views.open({
      trigger_id: double.trigger('U1'),
      view: modal('One'),
    });

    const missing = await slackError(client.views.update({ view_id: 'VNOPE', view: modal('x') }));
    const stale = await slackError(
      client.views.update({ view_id: opened.view?.id ?? '', hash: 'old', view: modal('x') }),
    );

    expect([missing, stale]).toEqual(['not_found', 'hash_conflict']);
  });

  it('refuses a modal title over 24 characters with the reason', async () => {
    const res = client.views.open({
      trigger_id: double.trigger('U1'),
      view: modal('A title that is far too long'),
    });

    await expect(res).rejects.toMatchObject({
      data: {
        error: 'invalid_arguments',
        response_metadata: {
          messages: ['[ERROR] must be less than 25 characters [json-pointer:/view/title/text]'],
        },
      },
    });
  });

  it('publish keeps one home tab per user, updated in place', async () => {
    const home = (text: string) => ({ type: 'home' as const, blocks: [section(text)] });

    const first = await client.views.publish({ user_id: 'U1', view: home('v1') });
    const second = await client.views.publish({ user_id: 'U1', view: home('v2') });

    expect(second.view?.id).toBe(first.view?.id);
    expect(double.views()).toMatchObject([
      { user: 'U1', type: 'home', lastAction: 'published', view: home('v2') },
    ]);
  });
});

describe('recording', () => {
  it('records calls with their arguments, without the token, and errors too', async () => {
    await client.chat.postMessage({ channel: 'C1', text: 'hi', blocks: [section('b')] });
    await slackError(client.chat.update({ channel: 'C1', ts: '9.9', text: 'x' }));

    expect(double.calls.map((c) => [c.method, c.error])).toEqual([
      ['chat.postMessage', undefined],
      ['chat.update', 'message_not_found'],
    ]);
    expect(double.callsTo('chat.postMessage')[0]?.args).toMatchObject({
      channel: 'C1',
      text: 'hi',
    });
    expect(JSON.stringify(double.calls)).not.toContain(double.botToken);
  });

  it('waitFor resolves when a later call makes the predicate true, and times out otherwise', async () => {
    const waiting = double.waitFor(
      () => double.messages('C1').find((m) => m.text === 'later'),
      2000,
    );
    setTimeout(() => void client.chat.postMessage({ channel: 'C1', text: 'later' }), 20);

    expect((await waiting).text).toBe('later');
    await expect(double.waitFor(() => double.messages('C2')[0], 50)).rejects.toThrow(
      'within 50 ms',
    );
  });

  it('on("change") reports posts, edits and deletions live', async () => {
    const seen: string[] = [];
    const off = double.on('change', (c) => {
      if (c.kind === 'message') seen.push(`${c.action}:${c.message.text}`);
    });

    const posted = await client.chat.postMessage({ channel: 'C1', text: 'a' });
    await client.chat.update({ channel: 'C1', ts: posted.ts ?? '', text: 'b' });
    await client.chat.delete({ channel: 'C1', ts: posted.ts ?? '' });
    off();
    await client.chat.postMessage({ channel: 'C1', text: 'unseen' });

    expect(seen).toEqual(['posted:a', 'updated:b', 'deleted:b']);
  });
});
