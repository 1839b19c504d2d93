import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { exportDb } from '../../src/exports/export-row.js';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { checkMessage } from '../../src/slack/blocks/limits.js';
import { DEFAULT_CHANNEL, type DoubleMessage } from '../../src/slack-double/index.js';
import { saveWorkspaceSettings } from '../../src/store/workspace-settings.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { eventually } from '../fakes/eventually.js';

const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId; // 250 orders

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const setLanguage = (b: BotHarness, language: 'en' | 'zh-CN') =>
  saveWorkspaceSettings(b.bot.deps.store.db, {
    workspaceId: b.double.teamId,
    language,
    now: new Date(),
  });

const posts = (b: BotHarness) =>
  b.double.messages(DEFAULT_CHANNEL).filter((m) => !m.ephemeral && !m.threadTs);

/** `/shoporders export` by `user`: its private preview, with the file options ticked as `ticked`. */
async function preview(b: BotHarness, user: string, ticked?: string[]): Promise<DoubleMessage> {
  const mine = () => b.double.messages().filter((m) => m.ephemeral && m.visibleTo === user);
  const before = mine().length;
  await b.double.sendCommand(b.events, {
    command: '/shoporders',
    text: `export ${SHOP} size=100`,
    user,
  });
  const shown = await b.double.waitFor(() => mine()[before], 8000);
  expect(checkMessage({ text: shown.text, blocks: shown.blocks })).toEqual([]);
  if (ticked) {
    await b.double.sendAction(b.events, {
      actionId: 'qd_export_bom',
      channel: shown.channel,
      messageTs: shown.ts,
      user,
      value: ticked,
    });
    await eventually(async () => {
      const row = await exportDb(b.bot.deps.store.db)
        .selectFrom('exports')
        .select('csv_header')
        .where('state', '=', 'preview')
        .executeTakeFirst();
      return ((row?.csv_header ?? null) !== null) === ticked.includes('header');
    });
  }
  return shown;
}

/** Start export on the preview: the new progress message in the channel. */
async function start(b: BotHarness, shown: DoubleMessage, user: string): Promise<DoubleMessage> {
  const before = posts(b).length;
  await b.double.sendAction(b.events, {
    actionId: 'qd_export_start',
    channel: shown.channel,
    messageTs: shown.ts,
    user,
  });
  return b.double.waitFor(() => posts(b)[before], 8000);
}

async function csvIn(b: BotHarness, ts: string): Promise<string[][]> {
  const upload = await b.double.waitFor(
    () => b.double.messages(DEFAULT_CHANNEL).find((m) => m.threadTs === ts && m.files.length > 0),
    30_000,
  );
  const file = await b.double.waitFor(
    () => b.double.files().find((f) => f.id === upload.files[0]?.id && f.completed),
    8000,
  );
  return parse(file.bytes.toString('utf8'), { bom: true }) as string[][];
}

describe('exports in the team’s language', () => {
  it('posts the progress in a Chinese workspace in Chinese, kept after it turns English', async () => {
    h = await startBot();
    h.double.addUser({ id: 'U0ENGLISH', locale: 'en-US' });
    await setLanguage(h, 'zh-CN');

    const shown = await preview(h, 'U0ENGLISH');
    // The preview is the person's: English.
    expect(shown.text).toMatch(/^Export Shop orders of \S+ as CSV\?/);
    const message = await start(h, shown, 'U0ENGLISH');
    expect(message.text).toContain(`${SHOP} 的店铺订单`);
    expect(JSON.stringify(message.blocks)).toContain('"取消"');
    await setLanguage(h, 'en');

    const rows = await csvIn(h, message.ts);
    expect(rows[0]?.[0]).toBe('order_sn');
    const done = await h.double.waitFor(() => {
      const m = posts(h!).find((p) => p.ts === message.ts);
      return m && /导出完成/.test(m.text) ? m : undefined;
    }, 8000);
    expect(done.text).toMatch(/250 行，\d+ 积分，共 3 页/);
    expect(done.text).not.toMatch(/rows|points/);
    const stored = await exportDb(h.bot.deps.store.db)
      .selectFrom('exports')
      .select('locale')
      .executeTakeFirst();
    expect(stored?.locale).toBe('zh-CN');
  });

  it('writes the header row in the starter’s language when ticked: the same data rows', async () => {
    h = await startBot();
    h.double.addUser({ id: 'U0CHINESE', locale: 'zh-CN' });

    const plainPreview = await preview(h, 'U0CHINESE');
    expect(plainPreview.text).toMatch(/^将\S+ 的店铺订单导出为 CSV？/);
    expect(JSON.stringify(plainPreview.blocks)).toContain('表头使用中文列名');
    const plainMessage = await start(h, plainPreview, 'U0CHINESE');
    // The channel's post speaks the workspace's language (English here).
    expect(plainMessage.text).toMatch(/^Shop orders of /);
    const machine = await csvIn(h, plainMessage.ts);

    const titled = await start(h, await preview(h, 'U0CHINESE', ['bom', 'header']), 'U0CHINESE');
    const chinese = await csvIn(h, titled.ts);

    expect(machine[0]?.slice(0, 3)).toEqual(['order_sn', 'status', 'goods_name']);
    expect(chinese[0]?.slice(0, 3)).toEqual(['订单号', '状态', '商品名称']);
    expect(chinese[0]).toHaveLength(machine[0]!.length);
    expect(chinese).toHaveLength(251);
    expect(chinese.slice(1)).toEqual(machine.slice(1));
  });
});
