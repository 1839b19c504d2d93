import { describe, expect, it } from 'vitest';
import { subscriptionDb } from '../../src/subscriptions/subscription-row.js';
import { startBot } from '../fakes/bot.js';
import { eventually } from '../fakes/eventually.js';
import {
  ADMIN_ZH,
  ASKER,
  ask,
  cleanedAfterEach,
  configure,
  dmNow,
  OWNER_EN,
  parts,
  previewOf,
  progress,
  SHOP,
  toldTo,
} from './world.js';

const cleanups = cleanedAfterEach();

// Two replicas of one app share PostgreSQL and the Slack double; the two approvers' clicks land
// one on each at once. The store's one conditional update lets exactly one decision win.
describe('an approval request decided on two replicas at once (postgres)', () => {
  it('starts the work once; the loser changes nothing', async () => {
    const { double, env } = await parts(cleanups, 'postgres');
    const a = await startBot(env, {}, double);
    cleanups.push(() => a.stop());
    const b = await startBot(env, {}, double);
    cleanups.push(() => b.stop());
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
