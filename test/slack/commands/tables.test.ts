import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import type { DoubleMessage } from '../../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';
import { botDatabase } from '../../fakes/bot-database.js';
import { DIALECTS } from '../../fakes/databases.js';

const X = SANDBOX_EXAMPLES;

interface Table {
  rows: { type: string; text: string }[][];
  column_settings?: { align?: string }[];
}

/** The one table block of a message the Slack double accepted. */
function tableIn(m: DoubleMessage): Table {
  const tables = m.blocks.filter((b) => (b as { type?: string }).type === 'table');
  expect(tables).toHaveLength(1);
  return tables[0] as Table;
}
interface KeptView {
  humanPage: number;
  orders: unknown[];
  onPage?: number;
}
const texts = (row: Table['rows'][number] | undefined) => (row ?? []).map((c) => c.text);
const aligns = (t: Table) => (t.column_settings ?? []).map((s) => s.align);

describe.each(DIALECTS)(
  'record tables through the Slack double and the sandbox (%s)',
  (dialect) => {
    let h: BotHarness;
    let db: Awaited<ReturnType<typeof botDatabase>>;
    beforeAll(async () => {
      db = await botDatabase(dialect);
      h = await startBot({ DATABASE_URL: db.url, GATEWAY_TIMEZONE: 'Asia/Shanghai' });
      h.double.addUser({ id: 'U0TABEN', locale: 'en-US' });
      h.double.addUser({ id: 'U0TABZH', locale: 'zh-CN' });
    }, 60_000);
    afterAll(async () => {
      await h?.stop();
      await db?.dispose();
    });

    const ephemerals = () => h.double.messages().filter((m) => m.ephemeral);
    async function ask(command: string, text: string, user: string): Promise<DoubleMessage> {
      const before = ephemerals().length;
      const ack = await h.double.sendCommand(h.events, { command, text, user, channel: 'C0TAB' });
      expect(ack.status).toBe(200);
      const m = await h.double.waitFor(() => ephemerals()[before], 8000);
      expect(checkMessage({ text: m.text, blocks: m.blocks })).toEqual([]);
      return m;
    }

    it('a 100-order page is a table of 99 orders and says an export gives the rest', async () => {
      const card = await ask('/shoporders', `${X.shopOrders.ownerId} size=100`, 'U0TABEN');

      const table = tableIn(card);
      expect(table.rows).toHaveLength(100);
      expect(texts(table.rows[0])).toEqual([
        'Order no.',
        'Status',
        'Goods',
        'Qty',
        'Paid (¥)',
        'Ship by',
        'Receiver',
        'Remark · tag',
      ]);
      expect(aligns(table)).toEqual([
        'left',
        'left',
        'left',
        'right',
        'right',
        'left',
        'left',
        'left',
      ]);
      const orders = table.rows.slice(1).map((r) => r[0]?.text);
      expect(new Set(orders).size).toBe(99);
      expect(table.rows.slice(1).every((r) => /^\d+\.\d\d$/.test(r[4]?.text ?? ''))).toBe(true);
      expect(JSON.stringify(card.blocks)).toContain(
        'This page has 1 more record than a Slack table holds (99): `/shoporders export` gives all of them.',
      );
      expect(card.text).toBe(
        `Shop orders for ${X.shopOrders.ownerId}: page 1 of 3, 100 orders on this page, 250 in all (sandbox data)`,
      );
    });

    it('a shared card keeps its table and loses its buttons; the kept card holds 99 orders', async () => {
      const card = await ask('/shoporders', `${X.shopOrders.ownerId} page=2 size=100`, 'U0TABEN');

      await h.double.sendAction(h.events, {
        actionId: 'qd_share',
        channel: 'C0TAB',
        messageTs: card.ts,
        user: 'U0TABEN',
      });
      const shared = await h.double.waitFor(
        () => h.double.messages('C0TAB').find((m) => !m.ephemeral),
        8000,
      );

      expect(tableIn(shared).rows).toEqual(tableIn(card).rows);
      expect(tableIn(shared).rows).toHaveLength(100);
      expect(JSON.stringify(shared.blocks)).toContain('Shared by');
      expect(JSON.stringify(shared.blocks)).toContain('This page has 1 more record');
      expect(JSON.stringify(shared.blocks)).not.toContain('"type":"button"');
      expect(shared.text).toContain('page 2 of 3, 100 orders on this page');
      // What "Share in channel" keeps is the card's 99 orders and the page's count, not the page.
      const kept = await h.bot.deps.store.db.selectFrom('shared_cache').select('value').execute();
      const views = kept
        .map((r) => JSON.parse(String(r.value)) as { card?: { kind?: string; view?: KeptView } })
        .flatMap((v) => (v.card?.kind === 'shopOrders' && v.card.view ? [v.card.view] : []))
        .filter((v) => v.humanPage === 2);
      expect(views.length).toBeGreaterThan(0);
      for (const v of views) expect([v.orders.length, v.onPage]).toEqual([99, 100]);
    });

    it('a zh-CN person reads Chinese column titles and fallback for coupons and punishments', async () => {
      const coupons = await ask('/coupons', X.coupons.sid, 'U0TABZH');
      const punishments = await ask(
        '/punishments',
        `${X.punishments.platformUserId} size=50`,
        'U0TABZH',
      );

      const c = tableIn(coupons);
      expect(texts(c.rows[0])).toEqual([
        '领取时间',
        '优惠券',
        '面额（元）',
        '使用门槛（元）',
        '券码',
        '生效时间',
        '失效时间',
      ]);
      expect(aligns(c).slice(2, 4)).toEqual(['right', 'right']);
      expect(coupons.text).toMatch(
        new RegExp(`^${X.coupons.sid} 的优惠券：第 1 / \\d+ 页，本页 ${c.rows.length - 1} 次领取`),
      );
      const p = tableIn(punishments);
      expect(texts(p.rows[0])).toEqual([
        '状态',
        '违规类型',
        '交易号',
        '创建时间',
        '结算月份',
        '渠道关系 ID',
        'PID（pub/site/adzone）',
      ]);
      expect(p.rows.length).toBeGreaterThan(1);
      expect(punishments.text).toContain(`第 1 / `);
      expect(punishments.text).toContain(`本页 ${p.rows.length - 1} 条`);
    });
  },
);
