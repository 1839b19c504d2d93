import { createHmac } from 'node:crypto';

/** Slack's v0 request signature: `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{rawBody}`. */
export function slackSignature(
  signingSecret: string,
  timestampSec: number,
  rawBody: string,
): string {
  const mac = createHmac('sha256', signingSecret)
    .update(`v0:${timestampSec}:${rawBody}`)
    .digest('hex');
  return `v0=${mac}`;
}

export function signedHeaders(
  signingSecret: string,
  timestampSec: number,
  rawBody: string,
): Record<'x-slack-signature' | 'x-slack-request-timestamp', string> {
  return {
    'x-slack-signature': slackSignature(signingSecret, timestampSec, rawBody),
    'x-slack-request-timestamp': String(timestampSec),
  };
}
