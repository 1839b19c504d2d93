import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { checkMessage } from '../../src/slack/blocks/limits.js';
import {
  DEFAULT_CHANNEL,
  type DoubleMessage,
  type SlackDouble,
} from '../../src/slack-double/index.js';

export const SUBSCRIBER = 'U0SUBSCRIBER';

export type H = { double: SlackDouble; events: string };

export const shopCalls = (s: Sandbox) => s.requests().filter((r) => r.op === 'shopOrders');

/** The subscription message (the one with the subscription's words) in the channel. */
export const subscriptionMessageIn = (d: SlackDouble, channel = DEFAULT_CHANNEL) =>
  d
    .messages(channel)
    .find((m) => !m.ephemeral && !m.threadTs && /^New shop orders of /.test(m.text));

/** One-per-order posts, by order_sn (the code span right after "New order:"). */
export function orderPosts(d: SlackDouble, channel = DEFAULT_CHANNEL): string[] {
  return d
    .messages(channel)
    .filter((m) => !m.ephemeral && m.text.startsWith(':package: New order:'))
    .map((m) => /New order: (\S+)/.exec(m.text)?.[1] ?? '');
}

export const batchMessages = (d: SlackDouble, channel = DEFAULT_CHANNEL) =>
  d.messages(channel).filter((m) => !m.ephemeral && / new orders of /.test(m.text));

/** The n-th ephemeral message from now on. */
export function ephemeralAfter(d: SlackDouble, before: number): Promise<DoubleMessage> {
  return d.waitFor(() => d.messages().filter((m) => m.ephemeral)[before], 8000);
}

/** `/shoporders subscribe …` → its private preview (checked against Block Kit's limits). */
export async function preview(
  h: H,
  text: string,
  user = SUBSCRIBER,
  channel = DEFAULT_CHANNEL,
): Promise<DoubleMessage> {
  const before = h.double.messages().filter((m) => m.ephemeral).length;
  const ack = await h.double.sendCommand(h.events, {
    command: '/shoporders',
    text: `subscribe ${text}`,
    user,
    channel,
  });
  expect(ack.status).toBe(200);
  const answer = await ephemeralAfter(h.double, before);
  expect(checkMessage({ text: answer.text, blocks: answer.blocks })).toEqual([]);
  return answer;
}

/** The preview, then **Subscribe**: resolves with the subscription message in the channel. */
export async function subscribe(
  h: H,
  text: string,
  user = SUBSCRIBER,
  channel = DEFAULT_CHANNEL,
): Promise<DoubleMessage> {
  const shown = await preview(h, text, user, channel);
  expect(JSON.stringify(shown.blocks)).toContain('qd_subscribe');
  await h.double.sendAction(h.events, {
    actionId: 'qd_subscribe',
    channel: shown.channel,
    messageTs: shown.ts,
    user,
  });
  const message = await h.double.waitFor(() => subscriptionMessageIn(h.double, channel), 8000);
  expect(checkMessage({ text: message.text, blocks: message.blocks })).toEqual([]);
  return message;
}

/** The CSV uploaded in `ts`'s thread, parsed. */
export async function csvIn(d: SlackDouble, ts: string, channel = DEFAULT_CHANNEL) {
  const upload = await d.waitFor(
    () => d.messages(channel).find((m) => m.threadTs === ts && m.files.length > 0),
    20_000,
  );
  const file = await d.waitFor(
    () => d.files().find((f) => f.id === upload.files[0]?.id && f.completed),
    8000,
  );
  // The exports' format: UTF-8 with a byte-order mark, so spreadsheets read Chinese text.
  expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(file.bytes, { bom: true }) as string[][];
}
