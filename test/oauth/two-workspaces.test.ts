import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { checkView } from '../../src/slack/blocks/limits.js';
import type { DoubleMessage } from '../../src/slack-double/index.js';
import { type OAuthBot, startOAuthBot } from './harness.js';

const X = SANDBOX_EXAMPLES;
const TOKEN_A = 'gw-token-team-a-AAAA';
const TOKEN_B = 'gw-token-team-b-BBBB';

let h: OAuthBot | undefined;
let sandbox: Sandbox | undefined;
let proxy: Server | undefined;
afterEach(async () => {
  await h?.stop();
  await sandbox?.close();
  await new Promise((r) => (proxy ? proxy.close(r) : r(undefined)));
  h = sandbox = proxy = undefined;
});

/** A real gateway stand-in: the sandbox accepting only two tokens, behind a proxy that notes them. */
async function gateway() {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1', tokens: [TOKEN_A, TOKEN_B] });
  const seen: { token: string; path: string }[] = [];
  const target = sandbox.url;
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    seen.push({
      token: String(req.headers.authorization ?? '').replace(/^Bearer /, ''),
      path: req.url ?? '',
    });
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([k]) => !['host', 'content-length', 'connection'].includes(k),
      ),
    ) as Record<string, string>;
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
    });
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => proxy!.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, seen };
}

async function ask(b: OAuthBot, team: string, command: string, text: string, user: string) {
  const eph = () => b.double.messages().filter((m) => m.ephemeral && m.visibleTo === user);
  const before = eph().length;
  const ack = await b.double.sendCommand(b.events, { command, text, user, team });
  if (ack.json && (ack.json as { text?: string }).text)
    return { ...(ack.json as DoubleMessage), ephemeral: true };
  return b.double.waitFor(() => eph()[before], 8000);
}

/** An admin of `team` opens /querydesk config and saves `values`; resolves with the DM it gets. */
async function configure(
  b: OAuthBot,
  team: string,
  admin: string,
  values: Record<string, Record<string, string | string[]>>,
) {
  const views = b.double.views().length;
  await b.double.sendCommand(b.events, {
    command: '/querydesk',
    text: 'config',
    user: admin,
    team,
  });
  const modal = await b.double.waitFor(() => b.double.views()[views], 5000);
  expect(checkView(modal.view)).toEqual([]);
  // The admin's DM (the double files it under a DM channel of its own).
  const dms = () =>
    b.double.messages().filter((m) => !m.ephemeral && /settings|gateway token/i.test(m.text));
  const before = dms().length;
  await b.double.sendViewSubmission(b.events, { viewId: modal.id, user: admin, team, values });
  return { modal, dm: () => b.double.waitFor(() => dms()[before], 8000) };
}

describe('two workspaces installed through OAuth', () => {
  it('use their own gateway tokens and see only their own spend, audit and config', async () => {
    const gw = await gateway();
    h = await startOAuthBot({ GATEWAY_BASE_URL: gw.url });
    expect(await h.install({ teamId: 'TA', botToken: 'xoxb-team-a-slack' })).toBe(200);
    expect(await h.install({ teamId: 'TB', botToken: 'xoxb-team-b-slack' })).toBe(200);
    h.double.addUser({ id: 'UADMINA', isAdmin: true });
    h.double.addUser({ id: 'UADMINB', isAdmin: true });

    // No token yet: told to ask an admin, and the gateway is not called.
    const none = await ask(h, 'TA', '/account', X.account.mediaMark, 'UA1');
    expect(none.text).toMatch(/\/querydesk config/);
    expect(gw.seen).toEqual([]);

    // A non-admin cannot open the settings.
    const refused = await ask(h, 'TA', '/querydesk', 'config', 'UA1');
    expect(refused.text).toMatch(/Only workspace admins/);

    // A wrong token is saved but reported as rejected; the right one as accepted.
    const wrong = await configure(h, 'TA', 'UADMINA', {
      gateway_token: { gateway_token: 'wrong-token-9999' },
    });
    expect((await wrong.dm()).text).toMatch(/rejected/);
    const a = await configure(h, 'TA', 'UADMINA', { gateway_token: { gateway_token: TOKEN_A } });
    expect((await a.dm()).text).toMatch(/accepted/);
    const b = await configure(h, 'TB', 'UADMINB', { gateway_token: { gateway_token: TOKEN_B } });
    expect((await b.dm()).text).toMatch(/accepted/);

    // Afterwards the form shows only the last 4 characters, never the token.
    const views = h.double.views().length;
    await h.double.sendCommand(h.events, {
      command: '/querydesk',
      text: 'config',
      user: 'UADMINA',
      team: 'TA',
    });
    const reopened = await h.double.waitFor(() => h!.double.views()[views], 5000);
    const shown = JSON.stringify(reopened.view);
    expect(shown).toContain('set · last 4: AAAA');
    expect(shown).not.toContain(TOKEN_A);
    // The other workspace's form shows its own token's last 4, not this one's.
    const viewsB = h.double.views().length;
    await h.double.sendCommand(h.events, {
      command: '/querydesk',
      text: 'config',
      user: 'UADMINB',
      team: 'TB',
    });
    const formB = JSON.stringify(
      (await h.double.waitFor(() => h!.double.views()[viewsB], 5000)).view,
    );
    expect(formB).toContain('set · last 4: BBBB');
    expect(formB).not.toContain('AAAA');

    // Each workspace's look-ups carry its own token.
    gw.seen.length = 0;
    const shopA = await ask(h, 'TA', '/shoporders', `${X.shopOrders.ownerId} size=10`, 'UA1');
    expect(shopA.text).not.toMatch(/No gateway token/);
    const accB = await ask(h, 'TB', '/account', X.account.mediaMark, 'UB1');
    expect(accB.text).not.toMatch(/No gateway token/);
    expect(gw.seen.filter((s) => s.path.includes('order')).map((s) => s.token)).toContain(TOKEN_A);
    expect(new Set(gw.seen.map((s) => s.token))).toEqual(new Set([TOKEN_A, TOKEN_B]));

    // Spend and audit are per workspace.
    const ledger = h.bot.deps.ledger;
    await vi.waitFor(async () => {
      const audit = h!.bot.deps.audit;
      const rowsA = await audit.list({ workspaceId: 'TA', since: new Date(0) });
      const rowsB = await audit.list({ workspaceId: 'TB', since: new Date(0) });
      expect(
        rowsA.some(
          (r) => r.operation === 'shopOrders' && r.userId === 'UA1' && r.command === '/shoporders',
        ),
      ).toBe(true);
      expect(rowsA.some((r) => r.operation === 'accountData')).toBe(false);
      expect(rowsB.some((r) => r.operation === 'accountData' && r.userId === 'UB1')).toBe(true);
      expect(rowsB.some((r) => r.operation === 'shopOrders')).toBe(false);
    });
    expect(ledger).toBeDefined();
    const spendB = await ask(h, 'TB', '/spend', 'today', 'UB1');
    expect(spendB.text).not.toMatch(/shop orders/i);

    // The audit card and its CSV: admins only, this workspace only, every paid call in it.
    const auditB = await ask(h, 'TB', '/querydesk', 'audit 7d', 'UADMINB');
    expect(auditB.text).toMatch(/Gateway calls, last 7 days: \d+/);
    const notAdmin = await ask(h, 'TB', '/querydesk', 'audit', 'UB1');
    expect(notAdmin.text).toMatch(/Only workspace admins/);
    const card = h.double
      .messages()
      .find((m) => m.ephemeral && m.visibleTo === 'UADMINB' && /Gateway calls/.test(m.text));
    expect(card).toBeDefined();
    await h.double.sendAction(h.events, {
      actionId: 'qd_audit_export',
      channel: card!.channel,
      messageTs: card!.ts,
      user: 'UADMINB',
      team: 'TB',
    });
    const file = await h.double.waitFor(
      () => h!.double.files().find((f) => f.name.endsWith('.csv') && f.completed),
      8000,
    );
    const rows: string[][] = parse(file.bytes!.toString('utf8'), { bom: true });
    expect(rows[0]).toContain('operation');
    const paidB = (await h.bot.deps.audit.list({ workspaceId: 'TB', since: new Date(0) })).filter(
      (r) => r.points > 0,
    );
    expect(paidB.length).toBeGreaterThan(0);
    for (const paid of paidB) expect(rows.some((r) => r.includes(paid.requestId))).toBe(true);
    expect(rows.slice(1).every((r) => r.includes('TB'))).toBe(true);
  });

  it('who may spend: a caller outside the allowed channels or people is refused and nothing is called', async () => {
    const gw = await gateway();
    h = await startOAuthBot({ GATEWAY_BASE_URL: gw.url });
    await h.install({ teamId: 'TA', botToken: 'xoxb-team-a-slack' });
    h.double.addUser({ id: 'UADMINA', isAdmin: true });
    const saved = await configure(h, 'TA', 'UADMINA', {
      gateway_token: { gateway_token: TOKEN_A },
      paid_users: { paid_users: ['UALLOWED'] },
    });
    await saved.dm();
    gw.seen.length = 0;
    const refused = await ask(h, 'TA', '/account', X.account.mediaMark, 'UOTHER');
    expect(refused.text).toMatch(/not on the list/);
    expect(refused.text).toMatch(/\/querydesk config/);
    expect(gw.seen).toEqual([]);
    const allowed = await ask(h, 'TA', '/account', X.account.mediaMark, 'UALLOWED');
    expect(allowed.text).not.toMatch(/not on the list/);
    expect(gw.seen.length).toBeGreaterThan(0);

    // The free /payorder is not restricted (the contract): anyone may look an order up.
    gw.seen.length = 0;
    const free = await ask(
      h,
      'TA',
      '/payorder',
      `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`,
      'UOTHER',
    );
    expect(free.text).not.toMatch(/not on the list/);
    expect(free.text).toMatch(/Paid/);
    expect(gw.seen.length).toBeGreaterThan(0);

    // /qr refused the same way: no placeholder in the channel, no call.
    gw.seen.length = 0;
    const posts = h.double.messages().filter((m) => !m.ephemeral).length;
    const qr = await ask(h, 'TA', '/qr', X.account.mediaMark, 'UOTHER');
    expect(qr.text).toMatch(/not on the list/);
    expect(h.double.messages().filter((m) => !m.ephemeral)).toHaveLength(posts);
    expect(h.double.callsTo('chat.delete')).toHaveLength(0);
    expect(gw.seen).toEqual([]);
  });

  it("neither workspace can use the other's cards, paging or QR sessions", async () => {
    h = await startOAuthBot();
    await h.install({ teamId: 'TA', botToken: 'xoxb-team-a-slack' });
    await h.install({ teamId: 'TB', botToken: 'xoxb-team-b-slack' });
    const card = await ask(h, 'TA', '/shoporders', `${X.shopOrders.ownerId} size=100`, 'UA1');
    const ids = JSON.stringify(card.blocks);
    expect(ids).toContain('qd_share');
    expect(ids).toContain('qd_shoporders_page_next');
    const ordersBefore = h.bot.sandbox!.requests().filter((r) => r.op === 'shopOrders').length;
    const posts = h.double.messages().filter((m) => !m.ephemeral).length;

    // A TB user pressing TA's buttons (as in a channel shared between both): nothing of TA's shows.
    const replies = () => h!.double.messages().filter((m) => m.ephemeral && m.visibleTo === 'UB1');
    for (const actionId of ['qd_share', 'qd_shoporders_page_next']) {
      const before = replies().length;
      await h.double.sendAction(h.events, {
        actionId,
        channel: card.channel,
        messageTs: card.ts,
        user: 'UB1',
        team: 'TB',
      });
      const reply = await h.double.waitFor(() => replies()[before], 8000);
      expect(reply.text).toMatch(/too old|out of date/);
    }
    expect(h.double.messages().filter((m) => !m.ephemeral)).toHaveLength(posts);
    expect(h.bot.sandbox!.requests().filter((r) => r.op === 'shopOrders')).toHaveLength(
      ordersBefore,
    );

    // TA's QR session is not in TB's Home tab (it is in TA's).
    await ask(h, 'TA', '/qr', X.account.mediaMark, 'UA1');
    await vi.waitFor(async () => {
      const rows = await h!.bot.deps.store.db
        .selectFrom('qr_sessions')
        .select('workspace_id')
        .execute();
      expect(rows.map((r) => r.workspace_id)).toEqual(['TA']);
    });
    const homes = () => h!.double.callsTo('views.publish');
    for (const [team, user] of [
      ['TB', 'UB1'],
      ['TA', 'UA1'],
    ] as const) {
      const before = homes().length;
      await h.double.sendEvent(h.events, { type: 'app_home_opened', user, tab: 'home' }, team);
      await h.double.waitFor(() => homes()[before], 8000);
      const view = JSON.stringify(homes()[before]!.args);
      if (team === 'TB') expect(view).not.toContain(X.account.mediaMark);
      else expect(view).toContain(X.account.mediaMark);
    }
  });

  it("posts a workspace's budget warning with that workspace's own Slack token", async () => {
    h = await startOAuthBot();
    await h.install({ teamId: 'TA', botToken: 'xoxb-team-a-slack' });
    h.double.addUser({ id: 'UADMINA', isAdmin: true });
    const views = h.double.views().length;
    await h.double.sendCommand(h.events, {
      command: '/querydesk',
      text: 'config',
      user: 'UADMINA',
      team: 'TA',
    });
    const modal = await h.double.waitFor(() => h!.double.views()[views], 5000);
    await h.double.sendViewSubmission(h.events, {
      viewId: modal.id,
      user: 'UADMINA',
      team: 'TA',
      values: {
        daily_budget: { daily_budget: '12' },
        summary_channel: { summary_channel: 'C0WARNA' },
      },
    });
    await vi.waitFor(async () => expect(await h!.bot.deps.dailyBudget('TA')).toBe(12));
    // 5 points each in the sandbox: 10 of 12 crosses 80 %.
    await ask(h, 'TA', '/shoporders', `${X.shopOrders.ownerId} size=10`, 'UA1');
    await ask(h, 'TA', '/shoporders', `${X.shopOrders.ownerId} size=10 page=2`, 'UA1');
    const warning = await h.double.waitFor(() => h!.double.messages('C0WARNA')[0], 8000);
    expect(warning.text).toMatch(/80/);
  });

  it('sends each installed workspace its own daily summary, in its own channel', async () => {
    h = await startOAuthBot({ SPEND_SUMMARY_CRON: '*/2 * * * * *' });
    for (const team of ['TA', 'TB']) {
      await h.install({ teamId: team, botToken: `xoxb-${team}-slack` });
    }
    // TA spends before either has a summary channel: a day's summary is sent once, so one sent
    // between the channel and the charge would show TA nothing spent, as TB's does.
    await ask(h, 'TA', '/shoporders', `${X.shopOrders.ownerId} size=10`, 'UA1');
    for (const team of ['TA', 'TB']) {
      await h.bot.deps.store.db
        .insertInto('workspace_settings')
        .values({ workspace_id: team, summary_channel: `C0SUM${team}`, updated_at: Date.now() })
        .execute();
    }
    const a = await h.double.waitFor(() => h!.double.messages('C0SUMTA')[0], 8000);
    const b = await h.double.waitFor(() => h!.double.messages('C0SUMTB')[0], 8000);
    expect(a.text).not.toEqual(b.text);
  });
});
