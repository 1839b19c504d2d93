import { describe, expect, it } from 'vitest';
import { mentionAck } from '../../bench/mention-ack.js';

describe('the app_mention ack benchmark, shortened', () => {
  it('counts every mention’s store queries after its ack and none before', async () => {
    const [result] = await mentionAck({ mentions: 20 });

    expect(result?.figures).toMatchObject({
      mentions: 20,
      acked200: 20,
      storeQueriesBeforeAck: 0,
      mentionsWithQueriesSeenAfterAck: 20,
      offersPosted: 20,
    });
    expect(result?.figures.storeQueriesAfterAck).toBeGreaterThanOrEqual(40);
    expect(typeof result?.figures.plainBoltAckP95Ms).toBe('number');
    expect(result?.met).toBe(true);
  }, 120_000);
});
