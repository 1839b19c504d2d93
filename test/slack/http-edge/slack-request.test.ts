import { describe, expect, it } from 'vitest';
import { tablePlanner } from '../../../src/slack/http-edge/ack-plan.js';
import { decideSlackRequest } from '../../../src/slack/http-edge/slack-request.js';
import { slackVerifier } from '../../../src/slack/http-edge/slack-signature.js';
import { signedHeaders } from '../../../src/slack-double/index.js';

const SECRET = 'edge-secret';
const check = { verify: slackVerifier(SECRET), planner: tablePlanner({}) };

function decide(event: Record<string, unknown>) {
  const body = JSON.stringify({ type: 'event_callback', event_id: 'Ev1', team_id: 'T1', event });
  const now = Date.now();
  const h = signedHeaders(SECRET, Math.floor(now / 1000), body);
  const headers = {
    timestamp: h['x-slack-request-timestamp'],
    signature: h['x-slack-signature'],
    contentType: 'application/json',
  };
  return decideSlackRequest(Buffer.from(body), headers, check, now);
}

describe('the edge’s decision for a person’s message to the bot', () => {
  it('acks a mention and a direct message itself, before any listener or store sees them', () => {
    const mention = decide({ type: 'app_mention', user: 'U1', text: '<@U0BOT> payorder 1 2' });
    const direct = decide({ type: 'message', channel_type: 'im', user: 'U1', text: 'hi' });

    expect(mention.kind).toBe('acked');
    expect(direct.kind).toBe('acked');
    // An event's ack is an empty 200, with no command to hold the listener to.
    expect(mention).not.toHaveProperty('response');
    expect(mention).not.toHaveProperty('command');
  });
});
