import { slackDigest } from '../slack/http-edge/slack-signature.js';

/** Slack's v0 request signature: `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{rawBody}`. */
export function slackSignature(
  signingSecret: string,
  timestampSec: number,
  rawBody: string,
): string {
  return `v0=${slackDigest(signingSecret, String(timestampSec), rawBody).toString('hex')}`;
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
