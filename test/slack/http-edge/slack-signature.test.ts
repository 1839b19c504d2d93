import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { slackVerifier } from '../../../src/slack/http-edge/slack-signature.js';

const SECRET = 'sig-test-secret';
const BODY = 'command=%2Fpayorder&text=P1+M1';
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const ts = (offsetS = 0) => String(Math.floor(NOW / 1000) + offsetS);
const sign = (timestamp: string, body = BODY, secret = SECRET) =>
  `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
const verify = slackVerifier(SECRET);
const check = (timestamp: unknown, signature: unknown, body = BODY) =>
  verify({ timestamp, signature }, body, NOW);

describe("Slack's request signature, as the receiver checks it", () => {
  it('accepts the signature Slack computes, up to 5 minutes either way', () => {
    expect(check(ts(), sign(ts()))).toBe(true);
    expect(check(ts(-299), sign(ts(-299)))).toBe(true);
    expect(check(ts(299), sign(ts(299)))).toBe(true);
  });

  it('refuses another secret, another body, a stale or future timestamp', () => {
    expect(check(ts(), sign(ts(), BODY, 'another-secret'))).toBe(false);
    expect(check(ts(), sign(ts()), `${BODY}&x=1`)).toBe(false);
    expect(check(ts(-301), sign(ts(-301)))).toBe(false);
    expect(check(ts(301), sign(ts(301)))).toBe(false);
    // Signed for one timestamp, sent with another.
    expect(check(ts(1), sign(ts()))).toBe(false);
  });

  it('refuses malformed or missing headers instead of throwing', () => {
    const good = sign(ts());
    expect(check(undefined, good)).toBe(false);
    expect(check(ts(), undefined)).toBe(false);
    expect(check([ts(), ts()], good)).toBe(false);
    expect(check(`${ts()}.5`, good)).toBe(false);
    expect(check(ts(), good.toUpperCase())).toBe(false);
    expect(check(ts(), good.replace('v0=', 'v1='))).toBe(false);
    expect(check(ts(), good.slice(0, -2))).toBe(false);
    expect(check(ts(), `${good.slice(0, -2)}zz`)).toBe(false);
    expect(slackVerifier('')({ timestamp: ts(), signature: good }, BODY, NOW)).toBe(false);
  });

  it('checks with its own secret: two verifiers in one process do not share a key', () => {
    const other = slackVerifier('another-secret');
    expect(
      other({ timestamp: ts(), signature: sign(ts(), BODY, 'another-secret') }, BODY, NOW),
    ).toBe(true);
    expect(check(ts(), sign(ts(), BODY, 'another-secret'))).toBe(false);
    expect(check(ts(), sign(ts()))).toBe(true);
  });
});
