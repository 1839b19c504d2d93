import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { startSlackDouble } from '../../src/slack-double/index.js';
import { subscriptionDb } from '../../src/subscriptions/subscription-row.js';
import { startBot } from '../fakes/bot.js';
import { botDatabase } from '../fakes/bot-database.js';
import { eventually } from '../fakes/eventually.js';
import {
  ADMIN_ZH,
  ASKER,
  ask,
  configure,
  dmNow,
  OWNER_EN,
  people,
  previewOf,
  progress,
  SHOP,
  toldTo,
} from './world.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

// Two replicas of one app share PostgreSQL and the Slack double; the two approvers' clicks land
// one on each at once. The store's one conditional update lets exactly one decision win.
describe('an approval request decided on two replicas at once (postgres)', () => {
  it('starts the work once; the loser changes nothing', async () => {
    const sandbox = await startSandbox({ rateLimitPerSecond: 1000 });
    cleanups.push(() => sandbox.close());
    const double = await startSlackDouble();
    cleanups.push(() => double.close());
    const database = await botDatabase('postgres');
    cleanups.push(() => database.dispose());
    const env = {
      DATABASE_URL: database.url,
      GATEWAY_BASE_URL: sandbox.url,
      GATEWAY_TOKEN: 'sandbox-token',
    };
    const a = await startBot(env, {}, double);
    cleanups.push(() => a.stop());
    const b = await startBot(env, {}, double);
    cleanups.push(() => b.stop());
    people(double);
    await configure(a, { above: '0' });
    const preview = await previewOf(b, '/shoporders', `subscribe ${SHOP} every=1h`);
    const [zh, en] = await ask(a, preview, [ADMIN_ZH, OWNER_EN]);

    // One approves on one replica while the other denies on the other.
    await Promise.all([
      double.sendAction(a.events, {
        actionId: 'qd_approval_approve',
        channel: zh!.channel,
        messageTs: zh!.ts,
        user: ADMIN_ZH,
      }),
      double.sendAction(b.events, {
        actionId: 'qd_approval_deny',
        channel: en!.channel,
        messageTs: en!.ts,
        user: OWNER_EN,
      }),
    ]);
    const told = await toldTo(double, ASKER, /(approved|denied) a subscription/);
    const approved = /approved/.test(told.text);
    await eventually(() => {
      const texts = [dmNow(double, zh!)?.text ?? '', dmNow(double, en!)?.text ?? ''].join(' ');
      return approved
        ? /已同意/.test(texts) && /approved it/.test(texts)
        : /已拒绝/.test(texts) && /denied it/.test(texts);
    });
    // The loser's click is answered, privately, that it changed nothing.
    const loser = approved ? OWNER_EN : ADMIN_ZH;
    await double.waitFor(
      () => double.messages().find((m) => m.ephemeral && m.visibleTo === loser),
      8000,
    );
    const channelPosts = double
      .messages()
      .filter((m) => !m.ephemeral && /^New shop orders of /.test(m.text));
    expect(channelPosts).toHaveLength(approved ? 1 : 0);
    expect(progress(double)).toHaveLength(0);
    const live = await subscriptionDb(a.bot.deps.store.db)
      .selectFrom('subscriptions')
      .select(['state', 'approved_by'])
      .where('state', '=', 'active')
      .execute();
    expect(live).toEqual(approved ? [{ state: 'active', approved_by: ADMIN_ZH }] : []);
  }, 60_000);
});
