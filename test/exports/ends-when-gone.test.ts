import { afterEach, describe, expect, it } from 'vitest';
import { exportDb } from '../../src/exports/export-row.js';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { DEFAULT_CHANNEL } from '../../src/slack-double/index.js';
import { startBot } from '../fakes/bot.js';
import { botDatabase } from '../fakes/bot-database.js';
import { DIALECTS } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';

// An export whose progress message Slack refuses to edit for good (the channel archived or gone,
// the token revoked, and the event saying so missed) is cancelled before it buys another page.
// Signed requests to the real app, the Slack double refusing chat.update, SQLite and PostgreSQL.
const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId; // 250 orders
const USER = 'U0EXPORTER';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

describe.each(DIALECTS)('an export whose message Slack refuses for good (%s)', (dialect) => {
  it.each(['channel_not_found', 'account_inactive'])(
    'is cancelled on %s, buying no page',
    async (error) => {
      const database = await botDatabase(dialect);
      cleanups.push(() => database.dispose());
      const h = await startBot({ DATABASE_URL: database.url });
      cleanups.push(() => h.stop());
      const before = h.double.messages().filter((m) => m.ephemeral).length;
      await h.double.sendCommand(h.events, {
        command: '/shoporders',
        text: `export ${SHOP} size=10`,
        user: USER,
      });
      const preview = await h.double.waitFor(
        () => h.double.messages().filter((m) => m.ephemeral)[before],
        8000,
      );
      const pages = () => h.bot.sandbox!.requests().filter((r) => r.op === 'shopOrders').length;
      const bought = pages();
      // The runner's first edit of the progress message is refused.
      h.double.failNext('chat.update', { error });
      await h.double.sendAction(h.events, {
        actionId: 'qd_export_start',
        channel: preview.channel,
        messageTs: preview.ts,
        user: USER,
      });
      const state = async () =>
        (
          await exportDb(h.bot.deps.store.db)
            .selectFrom('exports')
            .select('state')
            .executeTakeFirst()
        )?.state;
      await eventually(async () => (await state()) === 'cancelled', 10_000, 'the export cancelled');
      expect(h.double.callsTo('chat.update').filter((c) => c.error)).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 1000));
      expect(pages()).toBe(bought);
      expect(await state()).toBe('cancelled');
      const files = h.double.messages(DEFAULT_CHANNEL).filter((m) => m.files.length > 0);
      expect(files).toEqual([]);
    },
    40_000,
  );
});
