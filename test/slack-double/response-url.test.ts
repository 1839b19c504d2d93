import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SlackDouble, startSlackDouble } from '../fakes/slack-double.js';

let double: SlackDouble;

beforeEach(async () => {
  double = await startSlackDouble();
});
afterEach(async () => {
  await double.close();
});

function post(url: string, body: Record<string, unknown>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('response_url', () => {
  it('posts an ephemeral message to the user by default', async () => {
    const url = double.responseUrl('C1', 'U1');

    const res = await post(url, { text: 'only for you' });

    expect(res.status).toBe(200);
    expect(double.messages('C1')).toMatchObject([
      { text: 'only for you', ephemeral: true, visibleTo: 'U1', via: 'response_url' },
    ]);
  });

  it('posts a message everyone sees with response_type in_channel', async () => {
    await post(double.responseUrl('C1', 'U1'), { text: 'for all', response_type: 'in_channel' });

    expect(double.messages('C1')).toMatchObject([
      { text: 'for all', ephemeral: false, user: double.botUserId },
    ]);
    expect(double.messages('C1')[0]?.visibleTo).toBeUndefined();
  });

  it('replace_original replaces the previous response of a slash command in place', async () => {
    const url = double.responseUrl('C1', 'U1');
    await post(url, { text: 'Working…' });
    const [first] = double.messages('C1');

    await post(url, {
      text: 'Done',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*Done*' } }],
      replace_original: true,
    });

    expect(double.messages('C1')).toMatchObject([
      { ts: first?.ts, text: 'Done', edits: 1, ephemeral: true },
    ]);
  });

  it('replace_original and delete_original act on the message a button was clicked in', async () => {
    await post(double.responseUrl('C1', 'U1'), {
      text: 'card page 1',
      response_type: 'in_channel',
    });
    const card = double.messages('C1')[0];
    const url = double.responseUrl('C1', 'U1', { messageTs: card?.ts });

    await post(url, { text: 'card page 2', replace_original: true });
    const replaced = double.messages('C1');
    await post(url, { delete_original: true });

    expect(replaced).toMatchObject([{ ts: card?.ts, text: 'card page 2' }]);
    expect(double.messages('C1')).toEqual([]);
  });

  it('without replace_original a click posts a new message', async () => {
    await post(double.responseUrl('C1', 'U1'), { text: 'card', response_type: 'in_channel' });
    const card = double.messages('C1')[0];

    await post(double.responseUrl('C1', 'U1', { messageTs: card?.ts }), { text: 'follow-up' });

    expect(double.messages('C1').map((m) => m.text)).toEqual(['card', 'follow-up']);
  });

  it('works five times, then answers used_url', async () => {
    const url = double.responseUrl('C1', 'U1');
    const statuses: number[] = [];

    for (let i = 0; i < 6; i++) statuses.push((await post(url, { text: `#${i}` })).status);

    expect(statuses).toEqual([200, 200, 200, 200, 200, 404]);
    expect(double.callsTo('response_url').at(-1)?.error).toBe('used_url');
    expect(double.messages('C1')).toHaveLength(5);
  });

  it('expires after 30 minutes', async () => {
    let now = new Date('2024-05-01T00:00:00Z');
    await double.close();
    double = await startSlackDouble({ now: () => now });
    const url = double.responseUrl('C1', 'U1');

    now = new Date(now.getTime() + 30 * 60_000 + 1);
    const res = await post(url, { text: 'too late' });

    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, error: 'expired_url' });
  });

  it('refuses an empty response and blocks over the limits', async () => {
    const url = double.responseUrl('C1', 'U1');

    const empty = await post(url, {});
    const header = await post(url, {
      text: 'x',
      blocks: [{ type: 'header', text: { type: 'plain_text', text: 'h'.repeat(151) } }],
    });

    expect([empty.status, header.status]).toEqual([400, 400]);
    expect(await header.json()).toMatchObject({ error: 'invalid_blocks' });
    expect(double.messages('C1')).toEqual([]);
  });
});
