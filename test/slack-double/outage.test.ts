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
    const d = await startSlackDouble();
    double = d;
    d.outage({ ms: 300, methods: ['chat.postMessage'], retryAfter: 2 });
    expect(await post(d, 'chat.postMessage')).toEqual({ status: 429, retryAfter: '2' });
    expect((await post(d, 'chat.postMessage')).status).toBe(503);
    // Other methods are not part of this outage.
    expect((await post(d, 'chat.postEphemeral')).status).toBe(200);
    expect(d.messages('C1').filter((m) => !m.ephemeral)).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 350));
    expect((await post(d, 'chat.postMessage')).status).toBe(200);
    expect(d.messages('C1').filter((m) => !m.ephemeral)).toHaveLength(1);
  });
});
