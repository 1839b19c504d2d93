import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ApprovalRequestsTable, approvalDb } from '../../src/approvals/approval-row.js';
import { openStore } from '../../src/store/index.js';
import { startBot } from '../fakes/bot.js';
import { DIALECTS, type TestDatabase } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { loggedWarnings } from '../fakes/log-capture.js';
import {
  ASKER,
  cleanedAfterEach,
  click,
  dmNow,
  exportAskedOfOwner,
  exportFinished,
  OWNER_EN,
  parts,
  progress,
  toldTo,
} from './world.js';

const cleanups = cleanedAfterEach();

/** A bot asked for approval of an export by ASKER, stopped; the next bots start on its store. */
async function asked(dialect: TestDatabase['dialect'], approve: boolean) {
  const { double, database, env, shopCalls } = await parts(cleanups, dialect);
  const first = await startBot(env, {}, double);
  const dm = await exportAskedOfOwner(first);
  if (approve) {
    await click(first, 'qd_approval_approve', dm, OWNER_EN);
    await exportFinished(double);
    await toldTo(double, ASKER, /approved .*; it has started/);
  }
  await first.stop();
  /** The request's row set as a process dying at some moment would have left it. */
  const leave = async (set: Partial<ApprovalRequestsTable>) => {
    const store = await openStore(database.url);
    await approvalDb(store.db).updateTable('approval_requests').set(set).execute();
    await store.close();
  };
  const next = async () => {
    const bot = await startBot(env, {}, double);
    cleanups.push(() => bot.stop());
    return bot;
  };
  return { double, dm, leave, next, shopCalls };
}

/** The export's progress message, once its file is in the thread. */
describe.each(DIALECTS)('approved work after the approving process died (%s)', (dialect) => {
  // Died after the Approve click's one update, before the export started: the next bots (two
  // replicas on PostgreSQL) start it once, edit the approver's message and tell the asker.
  it('is started once by the next bot, and both sides are told', async () => {
    const w = await asked(dialect, false);
    await w.leave({
      state: 'approved',
      decided_by: OWNER_EN,
      work_id: randomUUID(),
      updated_at: 0,
    });
    for (let i = 0; i < (dialect === 'postgres' ? 2 : 1); i++) await w.next();

    const message = await exportFinished(w.double);
    expect(JSON.stringify(message.blocks)).toContain(`<@${ASKER}>`);
    await toldTo(w.double, ASKER, /approved .*; it has started/);
    await eventually(() => /approved it; it has started/.test(dmNow(w.double, w.dm)?.text ?? ''));
    expect(progress(w.double)).toHaveLength(1);
    expect(w.shopCalls()).toBe(5);
  }, 90_000);

  // Died after the export started, before its outcome was settled: the next bot settles it
  // (the asker is told) and starts nothing more.
  it('never starts work twice when it had started but was not settled', async () => {
    const w = await asked(dialect, true);
    await w.leave({ settled_at: null, updated_at: 0 });
    const bot = await w.next();

    const told = () =>
      w.double.messages().filter((m) => m.visibleTo === ASKER && /; it has started/.test(m.text));
    // The bot looks once as it starts, then every 60 s (a tenth of the default 24 h timeout);
    // an attempt that fails takes the request up for another 60 s (APPROVED_START_GRACE_MS).
    // It took over 30 s once, in a clean-clone CI on a day the machine ran about three times
    // slower: if it fails, the message says what the bot logged meanwhile.
    await w.double
      .waitFor(() => told().length === 2, 60_000)
      .catch((err: Error) => {
        throw new Error(`${err.message}; the next bot logged: ${loggedWarnings(bot.log.lines())}`);
      });
    expect(progress(w.double)).toHaveLength(1);
    expect(w.shopCalls()).toBe(5);
  }, 90_000);
});
