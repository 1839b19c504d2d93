import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countQuery, markDeliveries, mentionAck } from '../../bench/mention-ack.js';
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
    expect(result?.met).toBe(true);
  }, 120_000);
});

describe('the attribution of store queries to a delivery', () => {
  it('counts a query its handling starts before the ack as before, and one after as after', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qd-mark-'));
    const store = await openStore(`sqlite:${join(dir, 'q.db')}`, { storeLog: countQuery });
    const marks = markDeliveries();
    let handled: Promise<void> | undefined;
    const server = createServer((req, res) => {
      req.resume();
      handled = new Promise((done) =>
        req.once('end', async () => {
          await sql`select 1`.execute(store.db);
          res.end('{}');
          await sql`select 2`.execute(store.db);
          await sql`select 3`.execute(store.db);
          done();
        }),
      );
    });
    try {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const { port } = server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/slack/events`, { method: 'POST', body: '{}' });
      await sql`select 4`.execute(store.db); // no delivery's: not counted
      await handled;
      expect(marks.seen).toEqual([expect.objectContaining({ before: 1, after: 2 })]);
    } finally {
      marks.stop();
      server.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
