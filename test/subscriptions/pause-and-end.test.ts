import { describe, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { checkMessage } from '../../src/slack/blocks/limits.js';
import { DEFAULT_CHANNEL, type DoubleChange } from '../../src/slack-double/index.js';
import { startBot } from '../fakes/bot.js';
import { eventually } from '../fakes/eventually.js';
import { shopCalls, subscribe, subscriptionMessageIn } from './world.js';

const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId;
const UNAUTHORIZED = SANDBOX_EXAMPLES.shopOrders.unauthorizedOwnerId;
const env = { SUBSCRIPTION_MIN_INTERVAL_MS: '1000' };

// Each case has its own bot (Slack double, sandbox, SQLite) and spends most of its time waiting
// on the 1 s poll interval and the quiet seconds after an end, so the cases run at once.

/** Every text the subscription message was edited to, in order. */
function editsOf(h: { double: { on(e: 'change', l: (c: DoubleChange) => void): () => void } }) {
  const texts: string[] = [];
  h.double.on('change', (c) => {
    if (
      c.kind === 'message' &&
      c.action === 'updated' &&
      /^New shop orders of /.test(c.message.text)
    )
      texts.push(c.message.text);
  });
  return texts;
}

describe.concurrent('a channel subscription', () => {
  it('pauses at the daily budget, says so once with when it resumes, and resumes by itself when the day turns', async ({
    expect,
    onTestFinished,
  }) => {
    let offsetMs = 0;
    const clock = () => new Date(Date.now() + offsetMs);
    // Two polls of 5 points fit in 12; the third would pass it.
    const h = await startBot({ ...env, DAILY_BUDGET_POINTS: '12' }, { clock });
    onTestFinished(() => h.stop().catch(() => undefined));
    const sandbox = h.bot.sandbox!;
    const edits = editsOf(h);
    await subscribe(h, `${SHOP} every=1s`);

    const paused = await h.double.waitFor(() => {
      const m = subscriptionMessageIn(h.double);
      return m && /Paused by the daily budget/.test(m.text) ? m : undefined;
    }, 10_000);
    expect(paused.text).toMatch(/Resumes by itself at \d{4}-\d\d-\d\d 00:00:00 \(Asia\/Shanghai\)/);
    expect(checkMessage({ text: paused.text, blocks: paused.blocks })).toEqual([]);
    expect(shopCalls(sandbox)).toHaveLength(2);
    // Paused: three intervals pass without a call or another word.
    await new Promise((r) => setTimeout(r, 3300));
    expect(shopCalls(sandbox)).toHaveLength(2);
    expect(edits.filter((t) => /Paused by the daily budget/.test(t))).toHaveLength(1);

    // The budget's day turns (Asia/Shanghai midnight): polling resumes and the message says so.
    const turn = /Resumes by itself at (\d{4}-\d\d-\d\d) 00:00/.exec(paused.text)![1]!;
    offsetMs = Date.parse(`${turn}T00:00:00+08:00`) - Date.now() + 500;
    await eventually(() => shopCalls(sandbox).length >= 3, 10_000, 'a poll after the day turned');
    await h.double.waitFor(() => {
      const m = subscriptionMessageIn(h.double);
      return m && /Polling: 3 polls so far, 15 points/.test(m.text) ? m : undefined;
    }, 10_000);
    expect(edits.filter((t) => /Paused by the daily budget/.test(t))).toHaveLength(1);
  });

  it('backs off a shop that is not authorized (302) and says what is wrong once, with the link', async ({
    expect,
    onTestFinished,
  }) => {
    const h = await startBot(env);
    onTestFinished(() => h.stop().catch(() => undefined));
    const sandbox = h.bot.sandbox!;
    const edits = editsOf(h);
    await subscribe(h, `${UNAUTHORIZED} every=1s`);

    const told = await h.double.waitFor(() => {
      const m = subscriptionMessageIn(h.double);
      return m && /not authorized/.test(m.text) ? m : undefined;
    }, 15_000);
    expect(shopCalls(sandbox).map((r) => r.code)).toEqual([302, 302, 302]);
    expect(told.text).toContain('What to do: Scan-authorize through the returned link');
    expect(JSON.stringify(told.blocks)).toContain('https://sandbox.querydesk.invalid/authorize');
    expect(checkMessage({ text: told.text, blocks: told.blocks })).toEqual([]);

    // The fourth failure comes after a longer wait and is not told again.
    await eventually(() => shopCalls(sandbox).length >= 4, 15_000, 'a fourth poll');
    const at = shopCalls(sandbox).map((r) => r.at);
    expect(at[3]! - at[2]!).toBeGreaterThan(1.5 * (at[1]! - at[0]!));
    await new Promise((r) => setTimeout(r, 300));
    expect(edits.filter((t) => /not authorized/.test(t))).toHaveLength(1);
    const posted = h.double.messages(DEFAULT_CHANNEL).filter((m) => !m.ephemeral);
    expect(posted).toHaveLength(1);
  });

  it.for<[string, string]>([
    ['the bot removed from the channel', 'member_left_channel'],
    ['the bot leaving a private channel', 'group_left'],
    ['the channel archived', 'channel_archive'],
    ['the app uninstalled', 'app_uninstalled'],
  ])('ends with %s: no call after', async ([, type], { expect, onTestFinished }) => {
    const h = await startBot(env);
    onTestFinished(() => h.stop().catch(() => undefined));
    const sandbox = h.bot.sandbox!;
    await subscribe(h, `${SHOP} every=1s`);
    await eventually(() => shopCalls(sandbox).length >= 1, 8000, 'the first poll');

    const event =
      type === 'member_left_channel'
        ? {
            type,
            user: h.double.botUserId,
            channel: DEFAULT_CHANNEL,
            channel_type: 'C',
            team: h.double.teamId,
          }
        : type === 'app_uninstalled'
          ? { type }
          : { type, channel: DEFAULT_CHANNEL, actor_id: 'U0ADMIN001', user: 'U0ADMIN001' };
    const ack = await h.double.sendEvent(h.events, event);
    expect(ack.status).toBe(200);
    const ended = await eventually(
      async () => {
        const rows = await h.bot.deps.store.db
          .withTables<{ subscriptions: { state: string; ended_reason: string | null } }>()
          .selectFrom('subscriptions')
          .select(['state', 'ended_reason'])
          .execute();
        return rows[0]?.state === 'ended' ? rows[0] : undefined;
      },
      8000,
      'the subscription ended',
    );
    expect(ended.ended_reason).toBeTruthy();
    const calls = shopCalls(sandbox).length;
    await new Promise((r) => setTimeout(r, 2500));
    expect(shopCalls(sandbox).length).toBeLessThanOrEqual(calls + 1);
    const after = shopCalls(sandbox).length;
    await new Promise((r) => setTimeout(r, 2200));
    expect(shopCalls(sandbox)).toHaveLength(after);
  });
});
