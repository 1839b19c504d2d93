import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from '@slack/bolt';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countQuery, markDeliveries, mentionAck } from '../../bench/mention-ack.js';
import { ACK_STAMP, type AckStamp } from '../../src/slack/http-edge/ack-stamp.js';
import { openStore } from '../../src/store/index.js';

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
    expect(typeof result?.figures.otherDeliveriesMeanwhile).toBe('number');
    expect(result?.met).toBe(true);
  }, 120_000);
});

describe('the attribution of store queries to a delivery', () => {
  it('counts a query its handling starts before the ack as before, and one after as after', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qd-mark-'));
    const store = await openStore(`sqlite:${join(dir, 'q.db')}`, { storeLog: countQuery });
    const marks = markDeliveries();
    const app = new App({
      token: 'xoxb-mark',
      botId: 'B0MARK',
      botUserId: 'U0MARK',
      receiver: { init: () => {}, start: async () => {}, stop: async () => {} },
    });
    app.command('/mark', async ({ ack }) => {
      await sql`select 1`.execute(store.db);
      await ack();
      await sql`select 2`.execute(store.db);
      await sql`select 3`.execute(store.db);
    });
    try {
      // As the receiver does for a request its listener acks: the stamp is set by that ack.
      const stamp: AckStamp = { heldMs: 0 };
      await app.processEvent({
        body: { command: '/mark', text: '', team_id: 'T1', user_id: 'U1', channel_id: 'C1' },
        ack: async () => {
          stamp.at = performance.now();
        },
        customProperties: { [ACK_STAMP]: stamp },
      });
      await sql`select 4`.execute(store.db); // no delivery's: not counted
      expect(marks.seen).toEqual([expect.objectContaining({ before: 1, after: 2 })]);
    } finally {
      marks.stop();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
