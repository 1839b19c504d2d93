import { afterEach, describe, expect, it } from 'vitest';
import { QR_ACTION } from '../../src/slack/blocks/ids.js';
import type { DoubleMessage } from '../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { botDatabase } from '../fakes/bot-database.js';
import { DIALECTS } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';

// "Check again" and "I've scanned it" buy QR status checks: through signed requests to the real
// app, a person outside "Paid commands allowed for" is told why, in their language, and nothing
// is checked or charged; an allowed person's click still works.
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  closers.length = 0;
});

/** The real app where an admin allowed paid commands for `allowed` only, and a QR code posted. */
async function qrForAllowed(dialect: (typeof DIALECTS)[number], env: Record<string, string>) {
  const database = await botDatabase(dialect);
  closers.push(() => database.dispose());
  const h: BotHarness = await startBot({ DATABASE_URL: database.url, ...env });
  closers.push(() => h.stop());
  h.double.addUser({ id: 'U0ADMIN', isAdmin: true });
  h.double.addUser({ id: 'U0ZH', locale: 'zh-CN' });
  const views = h.double.views().length;
  await h.double.sendCommand(h.events, { command: '/querydesk', text: 'config', user: 'U0ADMIN' });
  const modal = await h.double.waitFor(() => h.double.views()[views], 5000);
  await h.double.sendViewSubmission(h.events, {
    viewId: modal.id,
    user: 'U0ADMIN',
    values: { paid_users: { paid_users: ['U0ALLOWED'] } },
  });
  await eventually(
    async () => (await h.bot.deps.settings.spendRules(h.double.teamId)).users.length === 1,
    8000,
    'settings saved',
  );
  await h.double.sendCommand(h.events, { command: '/qr', text: 'account123', user: 'U0ALLOWED' });
  const status = await h.double.waitFor(
    () =>
      h.double.messages().find((m) => m.via === 'chat.postMessage' && /not scanned/.test(m.text)),
    10_000,
  );
  const click = (actionId: string, user: string) =>
    h.double.sendAction(h.events, {
      actionId,
      channel: status.channel,
      messageTs: status.ts,
      user,
    });
  const statusChecks = () => h.bot.sandbox!.requests().filter((r) => r.op === 'qrStatus').length;
  const charged = async () =>
    (await h.bot.deps.ledger.recent({ workspaceId: h.double.teamId, limit: 100 })).filter(
      (e) => e.operation === 'qrStatus',
    ).length;
  const watchState = async () =>
    (
      await h.bot.deps.store.db
        .selectFrom('qr_sessions')
        .select('watch_state')
        .executeTakeFirstOrThrow()
    ).watch_state;
  return { h, status, click, statusChecks, charged, watchState };
}

/** The next private message `user` sees. */
function replyTo(h: BotHarness, user: string): Promise<DoubleMessage> {
  const mine = () => h.double.messages().filter((m) => m.ephemeral && m.visibleTo === user);
  const before = mine().length;
  return h.double.waitFor(() => mine()[before], 8000);
}

describe.each(DIALECTS)('QR buttons and who may spend (%s)', (dialect) => {
  it('"I\'ve scanned it" refuses a person not allowed, in their language, with no check', async () => {
    // Scheduled checks a minute apart: any check in this test comes from a click.
    const q = await qrForAllowed(dialect, { QR_POLL_INTERVAL_MS: '60000' });
    const checks = q.statusChecks();
    const charged = await q.charged();

    const refused = replyTo(q.h, 'U0OTHER');
    expect((await q.click(QR_ACTION.scanned, 'U0OTHER')).status).toBe(200);
    expect((await refused).text).toMatch(/not on the list/);
    expect((await refused).text).toMatch(/\/querydesk config/);
    const chinese = replyTo(q.h, 'U0ZH');
    await q.click(QR_ACTION.scanned, 'U0ZH');
    expect((await chinese).text).toMatch(/你不在此工作区允许进行网关查询的人员名单中/);

    await new Promise((r) => setTimeout(r, 500));
    expect(q.statusChecks()).toBe(checks);
    expect(await q.charged()).toBe(charged);

    // The person allowed gets their check from the same button.
    const answered = replyTo(q.h, 'U0ALLOWED');
    await q.click(QR_ACTION.scanned, 'U0ALLOWED');
    expect((await answered).text).toMatch(/not scanned/);
    expect(q.statusChecks()).toBe(checks + 1);
  }, 60_000);

  it('"Check again" refuses a person not allowed and re-arms nothing', async () => {
    const q = await qrForAllowed(dialect, {
      QR_POLL_INTERVAL_MS: '200',
      QR_WATCH_TIMEOUT_MS: '1500',
    });
    // The watch ends: no scheduled check comes after it, so any later one is a click's.
    await eventually(
      () =>
        q.h.double
          .messages()
          .find((m) => m.ts === q.status.ts)
          ?.text.includes('watch ended'),
      10_000,
      'the watch to end',
    );
    const checks = q.statusChecks();
    const charged = await q.charged();

    const refused = replyTo(q.h, 'U0OTHER');
    await q.click(QR_ACTION.checkAgain, 'U0OTHER');
    expect((await refused).text).toMatch(/not on the list/);
    const chinese = replyTo(q.h, 'U0ZH');
    await q.click(QR_ACTION.checkAgain, 'U0ZH');
    expect((await chinese).text).toMatch(/你不在此工作区允许进行网关查询的人员名单中/);

    expect(await q.watchState()).toBe('timed_out');
    await new Promise((r) => setTimeout(r, 500));
    expect(q.statusChecks()).toBe(checks);
    expect(await q.charged()).toBe(charged);

    // The person allowed re-arms the watch with the same button: a check follows.
    await q.click(QR_ACTION.checkAgain, 'U0ALLOWED');
    await eventually(() => q.statusChecks() > checks, 8000, 'a check after the allowed click');
  }, 60_000);
});
