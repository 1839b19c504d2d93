import { describe, expect, it } from 'vitest';
import { approvalDb } from '../../src/approvals/approval-row.js';
import type { DoubleMessage } from '../../src/slack-double/index.js';
import { startBot } from '../fakes/bot.js';
import { DIALECTS } from '../fakes/databases.js';
import { ASKER, cleanedAfterEach, configure, parts, previewOf, SHOP } from './world.js';

const cleanups = cleanedAfterEach();

const isRequest = (m: DoubleMessage) => JSON.stringify(m.blocks).includes('qd_approval_approve');

// Slack answers the second approver's message with 503 twice (the client retries within ~2 s).
// The first approver's message must be known to the store by then: a process dying while the
// others are still being sent leaves that message editable once the request is decided.
describe.each(DIALECTS)("approvers' messages remembered one by one (%s)", (dialect) => {
  it("saves each approver's message as soon as it is posted", async () => {
    const { double, env } = await parts(cleanups, dialect);
    const h = await startBot(env, {}, double);
    cleanups.push(() => h.stop());
    await configure(h, { above: '0' });
    const preview = await previewOf(h, '/shoporders', `export ${SHOP} size=50`);
    const off = double.on('change', (c) => {
      if (c.kind !== 'message' || c.action !== 'posted' || !isRequest(c.message)) return;
      off();
      double.failNext('chat.postMessage', { status: 503 });
      double.failNext('chat.postMessage', { status: 503 });
    });
    await double.sendAction(h.events, {
      actionId: 'qd_approval_ask',
      channel: preview.channel,
      messageTs: preview.ts,
      user: ASKER,
    });

    const saved = async () => {
      const row = await approvalDb(h.bot.deps.store.db)
        .selectFrom('approval_requests')
        .select('dms_json')
        .executeTakeFirst();
      return (JSON.parse(row?.dms_json ?? '[]') as unknown[]).length;
    };
    const posted = () => double.messages().filter(isRequest).length;
    let seenOneSavedWhileSending = false;
    const deadline = Date.now() + 20_000;
    while (posted() < 2 && Date.now() < deadline) {
      if (posted() === 1 && (await saved()) === 1 && posted() === 1)
        seenOneSavedWhileSending = true;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seenOneSavedWhileSending).toBe(true);
    await double.waitFor(
      () => double.messages().find((m) => m.ts === preview.ts && /Sent for approval/.test(m.text)),
      8000,
    );
    expect(await saved()).toBe(2);
  }, 60_000);
});
