import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { approvalDb } from '../../src/approvals/approval-row.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { DEFAULT_CHANNEL, startSlackDouble } from '../../src/slack-double/index.js';
import { openStore } from '../../src/store/index.js';
import { startBot } from '../fakes/bot.js';
import { botDatabase } from '../fakes/bot-database.js';
import { DIALECTS } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import {
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

// The process that won the Approve click died before the export started: the store holds the
// request approved, with its work's id, and nothing started. The bots started next (two replicas
// on PostgreSQL) start it once, edit the approver's message and tell the asker.
describe.each(DIALECTS)(
  'work approved by a process that died before starting it (%s)',
  (dialect) => {
    it('is started once by the next bot, and both sides are told', async () => {
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
      people(double);
      const first = await startBot(env, {}, double);
      await configure(first, { above: '0', approvers: [OWNER_EN] });
      const preview = await previewOf(first, '/shoporders', `export ${SHOP} size=50`);
      const [dm] = await ask(first, preview, [OWNER_EN]);
      await first.stop();

      // What the Approve click's one update leaves, a minute before the next bot starts.
      const store = await openStore(database.url);
      await approvalDb(store.db)
        .updateTable('approval_requests')
        .set({ state: 'approved', decided_by: OWNER_EN, work_id: randomUUID(), updated_at: 0 })
        .execute();
      await store.close();

      const replicas = dialect === 'postgres' ? 2 : 1;
      for (let i = 0; i < replicas; i++) {
        const bot = await startBot(env, {}, double);
        cleanups.push(() => bot.stop());
      }
      const message = await double.waitFor(() => progress(double)[0], 15_000);
      expect(JSON.stringify(message.blocks)).toContain(`<@${ASKER}>`);
      await double.waitFor(
        () =>
          double.messages(DEFAULT_CHANNEL).find((m) => m.threadTs === message.ts && m.files.length),
        30_000,
      );
      await toldTo(double, ASKER, /approved .*; it has started/);
      await eventually(() => /approved it; it has started/.test(dmNow(double, dm!)?.text ?? ''));
      expect(progress(double)).toHaveLength(1);
      expect(sandbox.requests().filter((r) => r.op === 'shopOrders')).toHaveLength(5);
    }, 90_000);
  },
);
