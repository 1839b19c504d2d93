import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/i18n/locales.js';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { ACTION } from '../../src/slack/blocks/ids.js';
import {
  orderWatchCard,
  type WatchView,
  watchEventText,
} from '../../src/slack/blocks/order-watch-card.js';
import { watchListMessage } from '../../src/slack/blocks/order-watch-list.js';
import { DEFAULT_CHANNEL, type SlackDouble } from '../../src/slack-double/index.js';
import { saveWorkspaceSettings } from '../../src/store/workspace-settings.js';
import type { OrderWatchRow } from '../../src/watches/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { allStrings, hasChinese, inEveryLanguage } from '../fakes/both-languages.js';
import { longPayOrder } from '../slack/blocks/card-data.js';

const at = new Date('2025-03-01T02:03:04Z');
const zone = 'Asia/Shanghai';
const view = (patch: Partial<WatchView> = {}): WatchView => ({
  watchId: 'w1',
  state: 'watching',
  userId: 'U0ASKER',
  stoppedBy: null,
  intervalMs: 60_000,
  watchUntil: at,
  timeoutMs: 86_400_000,
  ...patch,
});

describe('the watch card, thread and list in every language', () => {
  it.each([
    ['watching', view(), '监控中', 'checked every 1 min'],
    ['final', view({ state: 'final' }), '订单已到最终状态', 'the order is final'],
    ['timed out', view({ state: 'timed_out' }), '24 小时内未到最终状态', 'within 24 h'],
    [
      'stopped',
      view({ state: 'stopped', stoppedBy: 'U0STOP' }),
      '由 <@U0STOP> 停止',
      'stopped by <@U0STOP>',
    ],
  ])('the card says what the watch does: %s', (_, w, zh, en) => {
    const out = inEveryLanguage((t) => orderWatchCard(longPayOrder(), w, zone, t));
    expect(allStrings(out['zh-CN']).join('\n')).toContain(zh);
    expect(allStrings(out.en).join('\n')).toContain(en);
    expect(JSON.stringify(out['zh-CN'].blocks).includes('停止监控')).toBe(w.state === 'watching');
    expect(JSON.stringify(out.en.blocks).includes('Stop watching')).toBe(w.state === 'watching');
  });

  it('the thread replies use the fixed payment words', () => {
    const cases = [
      [{ kind: 'paid', at }, '已支付', /^Paid at 10:03:04$/],
      [{ kind: 'paid' }, '已支付', /^Paid \(the gateway gave no payment time\)$/],
      [
        { kind: 'called-back', at, afterAlert: false },
        '已回调',
        /^Merchant called back at 10:03:04$/,
      ],
      [{ kind: 'called-back', at, afterAlert: true }, '已回调', /after the alert/],
      [{ kind: 'refunded', at }, '已退款', /^Refunded \(seen at 10:03:04\)$/],
      [{ kind: 'cancelled', at }, '已取消', /^Cancelled \(seen at 10:03:04\)$/],
      [{ kind: 'status', status: 0, at }, '未支付', /^Status is now unpaid/],
      [
        { kind: 'not-called-back', paidAt: at, userId: 'U0ASKER', alertMs: 300_000 },
        '未回调',
        /^:rotating_light: <@U0ASKER> paid at 10:03:04 and still not called back after 5 min/,
      ],
    ] as const;
    for (const [event, zh, en] of cases) {
      const out = inEveryLanguage((t) => {
        const text = watchEventText(event, zone, t);
        return { text, blocks: [] };
      });
      expect(out['zh-CN'].text).toContain(zh);
      expect(out.en.text).toMatch(en);
    }
  });

  it('the list of live watches', () => {
    const row = (status: number | null, notified = 0) =>
      ({
        order_number: `O${status}${notified}`,
        merchant_num: 'M1',
        status,
        notified,
        created_at: at.getTime(),
      }) as OrderWatchRow;
    const rows = [row(null), row(0), row(1), row(1, 1), row(2), row(3)];
    const out = inEveryLanguage((t) => watchListMessage(rows, zone, t));
    const zh = allStrings(out['zh-CN']).join('\n');
    for (const w of ['尚未查询', '未支付', '已支付，未回调', '已支付，已回调', '已退款', '已取消'])
      expect(zh).toContain(w);
    expect(out['zh-CN'].text).toBe('本频道正在监控 6 个支付订单');
    expect(out.en.text).toBe('6 payment orders watched in this channel');
    expect(allStrings(out.en).join('\n')).toContain('Paid, not called back yet');
    const none = inEveryLanguage((t) => watchListMessage([], zone, t));
    expect(hasChinese(none['zh-CN'])).toBe(true);
    expect(none.en.text).toBe(
      'No payment order is being watched in this channel. Start one with /payorder watch <order_number> <merchant_num>.',
    );
  });
});

const X = SANDBOX_EXAMPLES.payOrder;
let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function setWorkspaceLanguage(bot: BotHarness, language: Locale) {
  await saveWorkspaceSettings(bot.bot.deps.store.db, {
    workspaceId: bot.double.teamId,
    language,
    now: new Date(),
  });
}

const card = (d: SlackDouble, order: string) =>
  d.messages(DEFAULT_CHANNEL).find((m) => !m.ephemeral && !m.threadTs && m.text.includes(order));

describe('/payorder watch in a Chinese workspace', () => {
  it('posts a Chinese card and Chinese thread replies, and they stay Chinese after a switch to English; the list is the person’s', async () => {
    h = await startBot(
      { ORDER_WATCH_INTERVAL_MS: '150', ORDER_WATCH_TIMEOUT_MS: '60000' },
      { sandbox: { orderPayAfterMs: 600, orderCallbackAfterMs: 900 } },
    );
    h.double.addUser({ id: 'U0WATCHEN', locale: 'en-US' });
    await setWorkspaceLanguage(h, 'zh-CN');
    const order = X.neverCalledBack.orderNumber;
    await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: `watch ${order} ${X.merchantNum}`,
      user: 'U0WATCHEN',
    });
    const posted = await h.double.waitFor(() => card(h!.double, order), 8000);
    expect(JSON.stringify(posted.blocks)).toContain('停止监控');
    expect(posted.text).toContain('（监控中）');

    await setWorkspaceLanguage(h, 'en');
    const paid = await h.double.waitFor(
      () =>
        h!.double
          .messages(DEFAULT_CHANNEL)
          .find((m) => m.threadTs === posted.ts && m.ts !== posted.ts && m.text.includes('已支付')),
      8000,
    );
    expect(paid.text).toMatch(/^已支付（\d\d:\d\d:\d\d）/);

    // The person reads English: their private list is English.
    await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: 'watches',
      user: 'U0WATCHEN',
    });
    const list = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.ephemeral && m.text.includes('watched in')),
      8000,
    );
    expect(list.text).toMatch(/^1 payment order watched in this channel/);

    // Stop watching edits the card in the language it was posted in.
    await h.double.sendAction(h.events, {
      actionId: ACTION.stopOrderWatch,
      channel: posted.channel,
      messageTs: posted.ts,
      user: 'U0WATCHEN',
    });
    const stopped = await h.double.waitFor(
      () =>
        h!.double
          .messages(DEFAULT_CHANNEL)
          .find((m) => m.ts === posted.ts && m.text.includes('（监控已结束）')),
      8000,
    );
    expect(JSON.stringify(stopped.blocks)).toContain('由 <@U0WATCHEN> 停止');
  });

  it('is unchanged in English in a workspace that never chose a language', async () => {
    h = await startBot({ ORDER_WATCH_INTERVAL_MS: '150', ORDER_WATCH_TIMEOUT_MS: '60000' });
    h.double.addUser({ id: 'U0WATCHZH', locale: 'zh-CN' });
    const order = X.waits.orderNumber;
    await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: `watch ${order} ${X.merchantNum}`,
      user: 'U0WATCHZH',
    });
    const posted = await h.double.waitFor(() => card(h!.double, order), 8000);
    expect(posted.text).toContain('(watching)');
    expect(JSON.stringify(posted.blocks)).toContain('Stop watching');
    expect(hasChinese(posted)).toBe(false);
  });
});
