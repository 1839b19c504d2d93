import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';

const X = SANDBOX_EXAMPLES;
let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function ask(b: BotHarness, command: string, text: string, user: string) {
  const eph = () => b.double.messages().filter((m) => m.ephemeral && m.visibleTo === user);
  const before = eph().length;
  await b.double.sendCommand(b.events, { command, text, user });
  return b.double.waitFor(() => eph()[before], 8000);
}

describe('audit in one-workspace HTTP mode', () => {
  it('records every paid call the ledger charged, with who, where, what and the command', async () => {
    h = await startBot();
    await ask(h, '/shoporders', `${X.shopOrders.ownerId} size=10`, 'U0ONE');
    await ask(h, '/account', `${X.account.mediaMark} phone=13812345678`, 'U0TWO');
    await ask(h, '/payorder', `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`, 'U0ONE');

    const team = h.double.teamId;
    const charged = (await h.bot.deps.ledger.recent({ workspaceId: team, limit: 100 })).filter(
      (e) => e.kind === 'charge' && e.points > 0,
    );
    expect(charged.length).toBeGreaterThanOrEqual(2);
    await vi.waitFor(async () => {
      const audit = await h!.bot.deps.audit.list({ workspaceId: team, since: new Date(0) });
      for (const c of charged) {
        const row = audit.find((a) => a.requestId === c.requestId);
        expect(row, `charge ${c.requestId} audited`).toBeDefined();
        expect(row!.points).toBe(c.points);
        expect(row!.userId).toBe(c.userId);
      }
      const account = audit.find((a) => a.operation === 'accountData');
      expect(account?.command).toBe('/account');
      expect(account?.channelId).toBeTruthy();
      expect(account?.params).not.toContain('13812345678');
      expect(audit.some((a) => a.operation === 'payOrder' && a.points === 0)).toBe(true);
    });
  });

  it("an admin's Export CSV click sends the audit as a CSV file to their direct messages", async () => {
    h = await startBot();
    h.double.addUser({ id: 'U0ADM', isAdmin: true });
    await ask(h, '/payorder', `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`, 'U0ADM');
    const card = await ask(h, '/querydesk', 'audit', 'U0ADM');
    await h.double.sendAction(h.events, {
      actionId: 'qd_audit_export',
      user: 'U0ADM',
      channel: card.channel,
      messageTs: card.ts,
    });
    const file = await h.double.waitFor(
      () => h!.double.files().find((f) => f.completed && f.name.endsWith('.csv')),
      8000,
    );
    expect(file.channel).toBe('D0ADM'); // the double's direct-message channel with U0ADM
    // UTF-8 with a byte-order mark, so Excel reads names in Chinese as written.
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = file.bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(header).toMatch(/^time_utc,user,workspace,channel,command,operation/);
    expect(rows.some((r) => r.includes('/payorder') && r.includes('payOrder'))).toBe(true);
    const told = await h.double.waitFor(
      () =>
        h!.double
          .messages()
          .find(
            (m) => m.ephemeral && m.visibleTo === 'U0ADM' && m.text.startsWith('The audit CSV'),
          ),
      8000,
    );
    expect(told.text).toBe(
      'The audit CSV is in your direct messages with querydesk. (sandbox data)',
    );
  });

  it('answers a zh-CN admin’s Export CSV click in Chinese', async () => {
    h = await startBot();
    h.double.addUser({ id: 'U0ADMZH', isAdmin: true, locale: 'zh-CN' });
    await ask(
      h,
      '/payorder',
      `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`,
      'U0ADMZH',
    );
    const card = await ask(h, '/querydesk', 'audit', 'U0ADMZH');
    await h.double.sendAction(h.events, {
      actionId: 'qd_audit_export',
      user: 'U0ADMZH',
      channel: card.channel,
      messageTs: card.ts,
    });
    const told = await h.double.waitFor(
      () =>
        h!.double
          .messages()
          .find((m) => m.ephemeral && m.visibleTo === 'U0ADMZH' && m.text.startsWith('审计 CSV')),
      8000,
    );
    expect(told.text).toBe('审计 CSV 已发到你与 querydesk 的私信中。 （沙盒数据）');
  });

  it('names the button behind a call made by a click (a page of /shoporders)', async () => {
    h = await startBot();
    const card = await ask(h, '/shoporders', `${X.shopOrders.ownerId} size=1`, 'U0PAGE');
    await h.double.sendAction(h.events, {
      actionId: 'qd_shoporders_page_next',
      channel: card.channel,
      messageTs: card.ts,
      user: 'U0PAGE',
    });
    await vi.waitFor(async () => {
      const audit = await h!.bot.deps.audit.list({
        workspaceId: h!.double.teamId,
        since: new Date(0),
      });
      const pages = audit.filter((a) => a.operation === 'shopOrders');
      expect(pages.map((a) => a.command).sort()).toEqual([
        '/shoporders',
        'button qd_shoporders_page_next',
      ]);
    }, 8000);
  });

  it('a settings form submitted by someone no longer an admin saves nothing', async () => {
    h = await startBot();
    h.double.addUser({ id: 'U0ADM', isAdmin: true });
    const views = h.double.views().length;
    await h.double.sendCommand(h.events, { command: '/querydesk', text: 'config', user: 'U0ADM' });
    const modal = await h.double.waitFor(() => h!.double.views()[views], 5000);
    h.double.addUser({ id: 'U0ADM', isAdmin: false });
    await h.double.sendViewSubmission(h.events, {
      viewId: modal.id,
      user: 'U0ADM',
      values: { daily_budget: { daily_budget: '5' }, paid_users: { paid_users: ['U0ADM'] } },
    });
    const dm = await h.double.waitFor(
      () => h!.double.messages().find((m) => /not saved/.test(m.text)),
      8000,
    );
    expect(dm.text).toMatch(/only workspace admins/);
    expect(await h.bot.deps.dailyBudget(h.double.teamId)).toBeUndefined();
    expect(await h.bot.deps.settings.spendRules(h.double.teamId)).toEqual({
      channels: [],
      users: [],
    });
  });
});
