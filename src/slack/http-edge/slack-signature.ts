import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { MAX_CLOCK_SKEW_S } from './http-limits.js';

const SIGNATURE = /^v0=[0-9a-f]{64}$/;
const TIMESTAMP = /^\d{1,12}$/;

/** Whether a request's headers and body carry a valid Slack signature, checked at `nowMs`. */
export type SlackVerifier = (
  headers: { timestamp: unknown; signature: unknown },
  body: string | Buffer,
  nowMs: number,
) => boolean;

/**
 * Slack's v0 request signature (HMAC-SHA256 of `v0:<timestamp>:<body>` under the signing secret),
 * with the timestamp within 5 minutes either way: the rules of Bolt's verifySlackRequest. Written
 * here because Bolt's compares through tsscmp, which spends two more HMACs and 32 random bytes per
 * request: a tenth of the ack path under a burst. Node's timingSafeEqual compares in constant time
 * on its own. The secret is imported as a key object once, here, for every request the verifier
 * checks (createHmac would otherwise import the string each call).
 */
export function slackVerifier(secret: string): SlackVerifier {
  const key = secret ? createSecretKey(secret, 'utf8') : undefined;
  return (headers, body, nowMs) => {
    const { timestamp, signature } = headers;
    if (!key || typeof timestamp !== 'string' || typeof signature !== 'string') return false;
    if (!TIMESTAMP.test(timestamp) || !SIGNATURE.test(signature)) return false;
    if (Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) > MAX_CLOCK_SKEW_S) return false;
    const digest = createHmac('sha256', key).update(`v0:${timestamp}:`).update(body).digest();
    return timingSafeEqual(Buffer.from(signature.slice(3), 'hex'), digest);
  };
}
