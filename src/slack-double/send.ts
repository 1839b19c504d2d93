import { signedHeaders } from './signing.js';
import type { DoubleState } from './state.js';
import type { AckResult } from './types.js';

/** POSTs a correctly signed Slack request to the bot and returns its ack. */
export async function postSigned(
  state: DoubleState,
  target: string,
  body: string,
  contentType: 'application/x-www-form-urlencoded' | 'application/json',
  /** More headers, e.g. X-Slack-Retry-Num on a redelivery. */
  extraHeaders: Record<string, string> = {},
): Promise<AckResult> {
  const timestamp = Math.floor(state.now().getTime() / 1000);
  const res = await fetch(target, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      ...signedHeaders(state.id.signingSecret, timestamp, body),
      ...extraHeaders,
    },
    body,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, body: text, json };
}

export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}
