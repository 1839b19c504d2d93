import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES } from '../../src/slack-double/http-body.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';

let double: SlackDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

/** A chunked body (no Content-Length) of `bytes` bytes, produced as it is read. */
function chunked(bytes: number): Readable {
  const chunk = Buffer.alloc(256 * 1024, 'a');
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(chunk.subarray(0, n));
    },
  });
}

describe('the Slack double reads bodies up to a limit', () => {
  it('answers 413 to a body past the limit, without Content-Length, and keeps serving', async () => {
    double = await startSlackDouble();
    const res = await request(`${double.apiUrl}chat.postMessage`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${double.botToken}`,
      },
      body: chunked(MAX_REQUEST_BYTES + 4 * 1024 * 1024),
    }).catch((err: Error) => err);
    // The double may close the connection before the client finished sending: either way, no 200.
    if (res instanceof Error) expect(res.message).toMatch(/other side closed|socket|reset|EPIPE/i);
    else {
      expect(res.statusCode).toBe(413);
      expect(await res.body.json()).toMatchObject({ ok: false, error: 'request_too_large' });
    }
    const ok = await fetch(`${double.apiUrl}auth.test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${double.botToken}` },
    });
    expect(((await ok.json()) as { ok: boolean }).ok).toBe(true);
  });

  it('answers 413 at once to a Content-Length past the limit', async () => {
    double = await startSlackDouble();
    const res = await request(`${double.apiUrl}chat.postMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(MAX_REQUEST_BYTES + 1, ' '),
    }).catch((err: Error) => err);
    if (res instanceof Error) expect(res.message).toMatch(/other side closed|socket|reset|EPIPE/i);
    else expect(res.statusCode).toBe(413);
  });
});
