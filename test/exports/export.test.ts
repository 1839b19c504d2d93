import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { exportDb } from '../../src/exports/export-row.js';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { checkMessage } from '../../src/slack/blocks/limits.js';
import {
  DEFAULT_CHANNEL,
  type DoubleMessage,
  type SlackDouble,
  startSlackDouble,
} from '../../src/slack-double/index.js';
import { startBot } from '../fakes/bot.js';
import { botDatabase } from '../fakes/bot-database.js';
import { DIALECTS } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';

const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId; // 250 orders
const USER = 'U0EXPORTER';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

type H = { double: SlackDouble; events: string };
const shopCalls = (s: Sandbox) => s.requests().filter((r) => r.op === 'shopOrders');
const progress = (d: SlackDouble) =>
  d.messages(DEFAULT_CHANNEL).find((m) => !m.ephemeral && m.text.startsWith('Shop orders of'));

/**
 * For the tests that restart the bot: a sandbox, a Slack double and a database that outlive one
 * bot process, and the environment every bot of the test starts with.
 */
async function restartWorld(dialect: (typeof DIALECTS)[number]) {
  const sandbox = await startSandbox({ rateLimitPerSecond: 1000 });
  cleanups.push(() => sandbox.close());
  const double = await startSlackDouble();
  cleanups.push(() => double.close());
  const database = await botDatabase(dialect);
  cleanups.push(() => database.dispose());
  const env = {
    DATABASE_URL: database.url,
    GATEWAY_BASE_URL: sandbox.url,
    GATEWAY_TOKEN: 'sandbox-token',
  };
  return { sandbox, double, env };
}

/** `/shoporders export …` → the private preview → Start export → the progress message. */
async function startExport(h: H, text: string): Promise<DoubleMessage> {
  const before = h.double.messages().filter((m) => m.ephemeral).length;
  await h.double.sendCommand(h.events, {
    command: '/shoporders',
    text: `export ${text}`,
    user: USER,
  });
  const preview = await h.double.waitFor(
    () => h.double.messages().filter((m) => m.ephemeral)[before],
    8000,
  );
  expect(preview.text).toMatch(/at most 10000 rows/);
  expect(JSON.stringify(preview.blocks)).toContain('Start export');
  expect(checkMessage({ text: preview.text, blocks: preview.blocks })).toEqual([]);
  await h.double.sendAction(h.events, {
    actionId: 'qd_export_start',
    channel: preview.channel,
    messageTs: preview.ts,
    user: USER,
  });
  return h.double.waitFor(() => progress(h.double), 8000);
}

/** The bytes of the CSV uploaded in the progress message's thread. */
async function csvBytes(d: SlackDouble, ts: string): Promise<Buffer> {
  const upload = await d.waitFor(
    () => d.messages(DEFAULT_CHANNEL).find((m) => m.threadTs === ts && m.files.length > 0),
    30_000,
  );
  const file = await d.waitFor(
    () => d.files().find((f) => f.id === upload.files[0]?.id && f.completed),
    8000,
  );
  return file.bytes;
}

async function csvIn(d: SlackDouble, ts: string): Promise<string[][]> {
  const upload = await d.waitFor(
    () => d.messages(DEFAULT_CHANNEL).find((m) => m.threadTs === ts && m.files.length > 0),
    30_000,
  );
  const file = await d.waitFor(
    () => d.files().find((f) => f.id === upload.files[0]?.id && f.completed),
    8000,
  );
  return parse(file.bytes.toString('utf8'), { bom: true }) as string[][];
}

describe('/shoporders export', () => {
  it.each([
    ['left ticked (the default)', undefined, true],
    ['unticked', [] as string[], false],
  ])('offers a byte-order mark in the preview; %s', async (_label, value, bom) => {
    const h = await startBot();
    cleanups.push(() => h.stop());
    const before = h.double.messages().filter((m) => m.ephemeral).length;
    await h.double.sendCommand(h.events, {
      command: '/shoporders',
      text: `export ${SHOP} size=100`,
      user: USER,
    });
    const preview = await h.double.waitFor(
      () => h.double.messages().filter((m) => m.ephemeral)[before],
      8000,
    );
    expect(JSON.stringify(preview.blocks)).toContain('byte-order mark');
    expect(checkMessage({ text: preview.text, blocks: preview.blocks })).toEqual([]);
    if (value) {
      await h.double.sendAction(h.events, {
        actionId: 'qd_export_bom',
        channel: preview.channel,
        messageTs: preview.ts,
        user: USER,
        value,
      });
      await eventually(async () => {
        const row = await exportDb(h.bot.deps.store.db)
          .selectFrom('exports')
          .select('csv_bom')
          .executeTakeFirst();
        return Number(row?.csv_bom) === 0;
      });
    }
    await h.double.sendAction(h.events, {
      actionId: 'qd_export_start',
      channel: preview.channel,
      messageTs: preview.ts,
      user: USER,
    });
    const message = await h.double.waitFor(() => progress(h.double), 8000);
    const bytes = await csvBytes(h.double, message.ts);
    const head = [...bytes.subarray(0, 3)];
    if (bom) expect(head).toEqual([0xef, 0xbb, 0xbf]);
    else expect(head).not.toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.toString('utf8'), { bom: true }) as string[][];
    expect(rows).toHaveLength(251);
  });

  it("previews without calling, then uploads a 250-row CSV buying each gateway page once (reusing the card's page)", async () => {
    const h = await startBot();
    cleanups.push(() => h.stop());
    const sandbox = h.bot.sandbox!;
    // A card bought gateway page 0 (size 50) a moment ago.
    await h.double.sendCommand(h.events, {
      command: '/shoporders',
      text: `${SHOP} size=50`,
      user: USER,
    });
    await h.double.waitFor(() => shopCalls(sandbox).length === 1, 8000);
    const ephemerals = () => h.double.messages().filter((m) => m.ephemeral);
    const shown = ephemerals().length;
    await h.double.sendCommand(h.events, {
      command: '/shoporders',
      text: `export ${SHOP} size=50`,
      user: USER,
    });
    await h.double.waitFor(() => ephemerals()[shown], 8000);
    // An absence (the preview called nothing): it needs a while in which a call could have come.
    await new Promise((r) => setTimeout(r, 300));
    expect(shopCalls(sandbox)).toHaveLength(1);

    const message = await startExport(h, `${SHOP} size=50`);
    const rows = await csvIn(h.double, message.ts);

    expect(rows[0]).toContain('order_sn');
    expect(rows).toHaveLength(251);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(250);
    expect(rows[1]?.[5]).toMatch(/^\d+\.\d\d$/); // yuan, two decimals
    // Five gateway pages of 50, each bought once: page 0 by the card, 1..4 by the export.
    expect(shopCalls(sandbox)).toHaveLength(5);
    const done = await h.double.waitFor(() => {
      const m = progress(h.double);
      return m && /finished/.test(m.text) ? m : undefined;
    }, 8000);
    expect(done.text).toMatch(/250 rows, 20 points, 5 pages/);
    // One progress message, edited at most every 2 s.
    const edits = h.double
      .callsTo('chat.update')
      .filter((c) => c.args.ts === message.ts)
      .map((c) => c.at.getTime());
    for (let i = 1; i < edits.length; i++)
      expect(edits[i]! - edits[i - 1]!).toBeGreaterThanOrEqual(1900);
  });

  it('Cancel stops it within 2 s: no page is requested after that and the message says so', async () => {
    const h = await startBot();
    cleanups.push(() => h.stop());
    const sandbox = h.bot.sandbox!;
    const message = await startExport(h, `${SHOP} size=2`); // 125 pages at 10 calls/s
    await h.double.waitFor(() => shopCalls(sandbox).length >= 5, 8000);

    await h.double.sendAction(h.events, {
      actionId: 'qd_export_cancel',
      channel: message.channel,
      messageTs: message.ts,
      user: USER,
    });
    const clicked = Date.now();
    await h.double.waitFor(() => /cancelled/.test(progress(h.double)?.text ?? ''), 2000);
    // The promise is "nothing after 2 s": a page already on its way at the click may still land.
    await new Promise((r) => setTimeout(r, 2000 - (Date.now() - clicked)));
    const after = shopCalls(sandbox).length;
    // An absence (no page after that): it needs a while in which one could have come.
    await new Promise((r) => setTimeout(r, 1000));
    expect(shopCalls(sandbox).length).toBe(after);
    expect(after).toBeLessThan(125);
  });

  it.each(DIALECTS)(
    'goes on after a restart from the next page (%s): every row once, no page bought twice',
    async (dialect) => {
      const { sandbox, double, env } = await restartWorld(dialect);
      const first = await startBot(env, {}, double);
      const message = await startExport(first, `${SHOP} size=5`); // 50 pages
      await double.waitFor(() => shopCalls(sandbox).length >= 8, 8000);
      await first.stop();
      const stoppedAt = shopCalls(sandbox).length;
      expect(stoppedAt).toBeLessThan(50);

      const second = await startBot(env, {}, double);
      cleanups.push(() => second.stop());
      const rows = await csvIn(double, message.ts);

      expect(rows).toHaveLength(251);
      expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(250);
      expect(shopCalls(sandbox)).toHaveLength(50);
      // Started again from page 1 it would count more than 50 pages and 250 rows.
      const done = await double.waitFor(() => {
        const m = progress(double);
        return m && /finished/.test(m.text) ? m : undefined;
      }, 8000);
      expect(done.text).toMatch(/250 rows, 250 points, 50 pages/);
    },
  );

  it.each(DIALECTS)(
    'a Start click won by a process that died before posting is taken over (%s): one message, every page bought once',
    async (dialect) => {
      const { sandbox, double, env } = await restartWorld(dialect);
      const first = await startBot(env, {}, double);
      await first.double.sendCommand(first.events, {
        command: '/shoporders',
        text: `export ${SHOP} size=50`,
        user: USER,
      });
      const preview = await double.waitFor(() => double.messages().find((m) => m.ephemeral), 8000);
      // What the process that won the click leaves when it dies before posting (60 s ago).
      const db = exportDb(first.bot.deps.store.db);
      const moved = await db
        .updateTable('exports')
        .set({ state: 'starting', lease_owner: 'click:dead', updated_at: Date.now() - 60_000 })
        .where('state', '=', 'preview')
        .executeTakeFirst();
      expect(Number(moved.numUpdatedRows)).toBe(1);
      await first.stop();

      const second = await startBot(env, {}, double);
      cleanups.push(() => second.stop());
      const message = await double.waitFor(() => progress(double), 8000);
      // Slack retries the click (or it is clicked again) at the live process: nothing new.
      await double.sendAction(second.events, {
        actionId: 'qd_export_start',
        channel: preview.channel,
        messageTs: preview.ts,
        user: USER,
      });
      const rows = await csvIn(double, message.ts);

      expect(rows).toHaveLength(251);
      expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(250);
      expect(shopCalls(sandbox)).toHaveLength(5);
      const posted = double
        .messages(DEFAULT_CHANNEL)
        .filter((m) => !m.ephemeral && m.text.startsWith('Shop orders of'));
      expect(posted).toHaveLength(1);
      expect(double.messages(DEFAULT_CHANNEL).filter((m) => m.files.length > 0)).toHaveLength(1);
    },
  );

  it('two Start clicks at once (a double click, a Slack retry) post one message and run one export', async () => {
    const h = await startBot();
    cleanups.push(() => h.stop());
    await h.double.sendCommand(h.events, {
      command: '/shoporders',
      text: `export ${SHOP} size=50`,
      user: USER,
    });
    const preview = await h.double.waitFor(
      () => h.double.messages().find((m) => m.ephemeral),
      8000,
    );
    const click = () =>
      h.double.sendAction(h.events, {
        actionId: 'qd_export_start',
        channel: preview.channel,
        messageTs: preview.ts,
        user: USER,
      });
    await Promise.all([click(), click(), click()]);
    const message = await h.double.waitFor(() => progress(h.double), 8000);
    const rows = await csvIn(h.double, message.ts);

    expect(rows).toHaveLength(251);
    expect(shopCalls(h.bot.sandbox!)).toHaveLength(5);
    expect(h.double.callsTo('chat.postMessage')).toHaveLength(1);
  });

  it('stops at the daily budget with a clear message and the rows so far as a partial CSV', async () => {
    const h = await startBot({ DAILY_BUDGET_POINTS: '12' });
    cleanups.push(() => h.stop());
    const message = await startExport(h, `${SHOP} size=50`);
    const rows = await csvIn(h.double, message.ts);

    // 5 points a page: pages 1..3 start under 12 points, the 4th would start past it.
    expect(rows).toHaveLength(151);
    const stopped = await h.double.waitFor(() => {
      const m = progress(h.double);
      return m && /daily budget/.test(m.text) ? m : undefined;
    }, 8000);
    expect(stopped.text).toMatch(/150 rows, 15 points/);
    expect(stopped.text).toMatch(/partial CSV/);
  });
});

describe('the export preview', () => {
  it('Cancel closes it and nothing is ever called', async () => {
    const h = await startBot();
    cleanups.push(() => h.stop());
    await h.double.sendCommand(h.events, {
      command: '/shoporders',
      text: `export ${SHOP}`,
      user: USER,
    });
    const preview = await h.double.waitFor(
      () => h.double.messages().find((m) => m.ephemeral),
      8000,
    );
    await h.double.sendAction(h.events, {
      actionId: 'qd_export_cancel',
      channel: preview.channel,
      messageTs: preview.ts,
      user: USER,
    });
    await h.double.waitFor(
      () =>
        h.double.messages().find((m) => m.ts === preview.ts && /nothing was called/.test(m.text)),
      8000,
    );
    // An absence (nothing called, nothing posted): it needs a while in which a call could have come.
    await new Promise((r) => setTimeout(r, 700));

    expect(shopCalls(h.bot.sandbox!)).toHaveLength(0);
    expect(progress(h.double)).toBeUndefined();
  });

  it('refuses page= with the usage, before anything is stored or called', async () => {
    const h = await startBot();
    cleanups.push(() => h.stop());
    const ack = await h.double.sendCommand(h.events, {
      command: '/shoporders',
      text: `export ${SHOP} page=2`,
      user: USER,
    });

    // Acked empty, then refused through the response_url in the asker's language.
    expect(ack.body).toBe('');
    const refusal = await h.double.waitFor(
      () => h.double.messages().find((m) => m.ephemeral && /unknown option/.test(m.text)),
      8000,
    );
    expect(refusal.text).toMatch(/unknown option "page"/);
    expect(refusal.text).toMatch(/Usage: \/shoporders export/);
  });
});

describe('/coupons export', () => {
  it('splits a 35-day window into 7-day calls and writes its coupons with amounts in yuan', async () => {
    const h = await startBot();
    cleanups.push(() => h.stop());
    const sid = SANDBOX_EXAMPLES.coupons.sid;
    const before = h.double.messages().filter((m) => m.ephemeral).length;
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() + 8 * 3600_000 - 34 * 86_400_000).toISOString().slice(0, 10);
    await h.double.sendCommand(h.events, {
      command: '/coupons',
      text: `export ${sid} from=${from} to=${today}`,
      user: USER,
    });
    const preview = await h.double.waitFor(
      () => h.double.messages().filter((m) => m.ephemeral)[before],
      8000,
    );
    expect(preview.text).toMatch(/at most 10000 rows/);
    expect(JSON.stringify(preview.blocks)).toMatch(/5 window/);
    await h.double.sendAction(h.events, {
      actionId: 'qd_export_start',
      channel: preview.channel,
      messageTs: preview.ts,
      user: USER,
    });
    const message = await h.double.waitFor(
      () =>
        h.double
          .messages(DEFAULT_CHANNEL)
          .find((m) => !m.ephemeral && m.text.startsWith('Coupons of')),
      8000,
    );
    const rows = await csvIn(h.double, message.ts);
    const calls = h.bot.sandbox!.requests().filter((r) => r.op === 'coupons');
    expect(calls.length).toBeGreaterThanOrEqual(5);
    expect(rows[0]).toContain('discount_yuan');
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows.slice(1)) expect(r[4]).toMatch(/^\d+\.\d\d$/);
  });
});
