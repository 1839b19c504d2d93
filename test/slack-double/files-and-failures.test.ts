import { randomBytes } from 'node:crypto';
import { ErrorCode, type WebClient } from '@slack/web-api';
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

describe('files.uploadV2', () => {
  it('gets an upload URL on the double, uploads the bytes intact and shares them into the channel', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(4096),
    ]);

    const res = await client.filesUploadV2({
      channel_id: 'C1',
      file: png,
      filename: 'qr.png',
      title: 'QR code',
      initial_comment: 'Scan this',
    });

    expect(double.calls.map((c) => c.method)).toEqual([
      'files.getUploadURLExternal',
      'files.upload.external',
      'files.completeUploadExternal',
    ]);
    const [file] = double.files();
    expect(file).toMatchObject({
      title: 'QR code',
      name: 'qr.png',
      channel: 'C1',
      uploaded: true,
      completed: true,
    });
    expect(file?.bytes.equals(png)).toBe(true);
    expect(JSON.stringify(res)).toContain(file?.id);
    expect(double.messages('C1')).toMatchObject([
      { text: 'Scan this', files: [{ id: file?.id, title: 'QR code' }] },
    ]);
  });

  it('hands out upload URLs that point at the double', async () => {
    const res = await client.files.getUploadURLExternal({ filename: 'a.txt', length: 3 });

    expect(res.upload_url?.startsWith(`${double.url}/upload/`)).toBe(true);
    expect(res.file_id).toMatch(/^F/);
  });

  it('refuses to complete a file that was never uploaded', async () => {
    const res = await client.files.getUploadURLExternal({ filename: 'a.txt', length: 3 });

    const done = client.files.completeUploadExternal({
      files: [{ id: res.file_id ?? '' }],
      channel_id: 'C1',
    });

    await expect(done).rejects.toMatchObject({ data: { error: 'file_upload_not_completed' } });
    expect(double.messages('C1')).toEqual([]);
  });

  it('stores a raw (non-multipart) upload body as is', async () => {
    const res = await client.files.getUploadURLExternal({ filename: 'a.bin', length: 3 });

    const up = await fetch(res.upload_url ?? '', { method: 'POST', body: Buffer.from([1, 2, 3]) });

    expect(up.status).toBe(200);
    expect([...(double.files()[0]?.bytes ?? [])]).toEqual([1, 2, 3]);
  });
});

describe('failure injection', () => {
  it('answers HTTP 429 with Retry-After once, which WebClient reports as rate limited', async () => {
    const posted = await client.chat.postMessage({ channel: 'C1', text: 'v1' });
    double.failNext('chat.update', { status: 429, retryAfter: 7 });

    const limited = client.chat.update({ channel: 'C1', ts: posted.ts ?? '', text: 'v2' });

    await expect(limited).rejects.toMatchObject({
      code: ErrorCode.RateLimitedError,
      retryAfter: 7,
    });
    expect(double.messages('C1')[0]?.text).toBe('v1');
    await client.chat.update({ channel: 'C1', ts: posted.ts ?? '', text: 'v2' });
    expect(double.messages('C1')[0]?.text).toBe('v2');
  });

  it('answers a chosen Slack error once, then behaves again', async () => {
    double.failNext('chat.postMessage', { error: 'channel_not_found' });
    double.failNext('chat.postMessage', { error: 'not_in_channel' });

    const first = client.chat.postMessage({ channel: 'C1', text: 'a' });
    await expect(first).rejects.toMatchObject({ data: { ok: false, error: 'channel_not_found' } });
    const second = client.chat.postMessage({ channel: 'C1', text: 'b' });
    await expect(second).rejects.toMatchObject({ data: { ok: false, error: 'not_in_channel' } });
    await client.chat.postMessage({ channel: 'C1', text: 'c' });

    expect(double.messages('C1').map((m) => m.text)).toEqual(['c']);
  });

  it('a raw 429 carries the Retry-After header', async () => {
    double.failNext('auth.test', { status: 429, retryAfter: 3 });

    const res = await fetch(`${double.apiUrl}auth.test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${double.botToken}` },
    });

    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(await res.json()).toEqual({ ok: false, error: 'ratelimited' });
  });
});
