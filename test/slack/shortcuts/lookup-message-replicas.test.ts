import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';
import { botDatabase } from '../../fakes/bot-database.js';
import { DIALECTS } from '../../fakes/databases.js';

// Two replicas of the app behind one load balancer, sharing one database: Slack's retry of the
// shortcut and a double-clicked "Look up" landing on both never open two modals or run (and
// charge) the lookup twice.
const X = SANDBOX_EXAMPLES;
const SHOP = X.shopOrders.ownerId;

describe.each(DIALECTS)('the message shortcut on two replicas (%s)', (dialect) => {
  let double: SlackDouble;
  let a: BotHarness;
  let b: BotHarness;
  let disposeDb: () => Promise<void>;
  beforeAll(async () => {
    const db = await botDatabase(dialect);
    disposeDb = db.dispose;
    double = await startSlackDouble();
    a = await startBot({ DATABASE_URL: db.url }, {}, double);
    b = await startBot({ DATABASE_URL: db.url }, {}, double);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await double?.close();
    await disposeDb?.();
  });

  const shopCalls = () =>
    [a, b].reduce(
      (n, h) => n + h.bot.sandbox!.requests().filter((r) => r.op === 'shopOrders').length,
      0,
    );

  it('a retried shortcut opens one modal; a double-clicked submission runs and charges once', async () => {
    // Slack sends the same signed shortcut again (its retry), and it reaches the other replica.
    const request = double.shortcutRequest({
      callbackId: 'lookup_message',
      user: 'U0TWICE',
      message: { channel: 'C0TWICE', text: `shop ${SHOP} again` },
    });
    const post = (h: BotHarness, retry: boolean) =>
      fetch(h.events, {
        method: 'POST',
        headers: { ...request.headers, ...(retry ? { 'x-slack-retry-num': '1' } : {}) },
        body: request.body,
      });
    const acks = await Promise.all([post(a, false), post(b, true)]);
    expect(acks.map((r) => r.status)).toEqual([200, 200]);
    const modal = await double.waitFor(
      () => double.views().find((v) => v.user === 'U0TWICE'),
      5000,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(double.callsTo('views.open').filter((c) => c.error === undefined)).toHaveLength(1);

    // "Look up" clicked twice, each click reaching a different replica.
    const calls = shopCalls();
    const values = { owner_id: { owner_id: SHOP }, size: { size: '20' } };
    await Promise.all([
      double.sendViewSubmission(a.events, { viewId: modal.id, user: 'U0TWICE', values }),
      double.sendViewSubmission(b.events, { viewId: modal.id, user: 'U0TWICE', values }),
    ]);
    const cards = () =>
      double.messages().filter((m) => m.visibleTo === 'U0TWICE' && /page 1 of 13/i.test(m.text));
    await double.waitFor(() => cards().length > 0, 8000);
    await new Promise((r) => setTimeout(r, 500));
    expect(cards()).toHaveLength(1);
    expect(cards()[0]!.channel).toBe('C0TWICE');
    expect(shopCalls()).toBe(calls + 1);
    const charged = await a.bot.deps.store.db
      .selectFrom('audit_entries')
      .select(['command', 'operation'])
      .where('user_id', '=', 'U0TWICE')
      .execute();
    expect(charged).toEqual([{ command: 'shortcut:lookup_message', operation: 'shopOrders' }]);
    // Each second arrival was recognised, one shortcut and one submission.
    const duplicates = [a, b]
      .flatMap((h) => h.log.lines())
      .filter((l) => l.msg === 'duplicate Slack request ignored')
      .map((l) => l.kind);
    expect(duplicates.sort()).toEqual(['shortcut', 'view']);
  });
});
