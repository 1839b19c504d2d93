import { afterEach, describe, expect, it } from 'vitest';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';

let double: SlackDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

async function post(d: SlackDouble, method: string) {
  const res = await fetch(`${d.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${d.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ channel: 'C1', text: 'hello' }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after') };
}

describe('Slack double outage', () => {
  it('answers 429 with Retry-After and 503 in turn for a while, posting nothing, then recovers', async () => {
    // The double's own clock, moved by hand: the window's end does not depend on how fast a
    // loaded machine gets the requests through.
    let now = new Date('2024-05-01T00:00:00Z');
    const d = await startSlackDouble({ now: () => now });
    double = d;
    d.outage({ ms: 300, methods: ['chat.postMessage'], retryAfter: 2 });
    expect(await post(d, 'chat.postMessage')).toEqual({ status: 429, retryAfter: '2' });
    expect((await post(d, 'chat.postMessage')).status).toBe(503);
    // Other methods are not part of this outage.
    expect((await post(d, 'chat.postEphemeral')).status).toBe(200);
    expect(d.messages('C1').filter((m) => !m.ephemeral)).toHaveLength(0);
    now = new Date(now.getTime() + 299);
    expect((await post(d, 'chat.postMessage')).status).toBe(429);
    now = new Date(now.getTime() + 2);
    expect((await post(d, 'chat.postMessage')).status).toBe(200);
    expect(d.messages('C1').filter((m) => !m.ephemeral)).toHaveLength(1);
  });
});
