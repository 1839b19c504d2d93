import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import type { DoubleMessage } from '../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { eventually } from '../fakes/eventually.js';
import { startGatewayProxy } from '../fakes/gateway-proxy.js';

const X = SANDBOX_EXAMPLES;
let sandbox: Sandbox | undefined;
let proxy: Awaited<ReturnType<typeof startGatewayProxy>> | undefined;
let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  await proxy?.close();
  await sandbox?.close();
  h = proxy = sandbox = undefined;
});

/** The bot against a real gateway (the sandbox) behind a proxy that can cut a connection. */
async function start(env: Record<string, string> = {}) {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
  proxy = await startGatewayProxy(sandbox.url);
  h = await startBot({ GATEWAY_BASE_URL: proxy.url, GATEWAY_TOKEN: X.token, ...env });
  return { h, sandbox, proxy };
}

async function ask(b: BotHarness, command: string, text: string, user: string) {
  const mine = () => b.double.messages().filter((m) => m.ephemeral && m.visibleTo === user);
  const before = mine().length;
  await b.double.sendCommand(b.events, { command, text, user });
  const answer: DoubleMessage = await b.double.waitFor(() => mine()[before], 8000);
  await b.bot.deps.work.drain();
  return answer;
}

/** A workspace admin sets the daily budget through /querydesk config. */
async function setBudget(b: BotHarness, points: number) {
  b.double.addUser({ id: 'U0ADMIN', isAdmin: true });
  const views = b.double.views().length;
  await b.double.sendCommand(b.events, { command: '/querydesk', text: 'config', user: 'U0ADMIN' });
  const modal = await b.double.waitFor(() => b.double.views()[views], 5000);
  await b.double.sendViewSubmission(b.events, {
    viewId: modal.id,
    user: 'U0ADMIN',
    values: { daily_budget: { daily_budget: String(points) } },
  });
  await eventually(async () => (await b.bot.deps.dailyBudget(b.double.teamId)) === points);
}

const price = (s: Sandbox) => s.ledger().byOperation.accountData.charged;

describe('a paid call whose answer never came (charge unknown)', () => {
  it('holds the last known price against the daily budget: the budget still stops paid calls', async () => {
    const { h, sandbox, proxy } = await start();
    const first = await ask(h, '/account', X.account.mediaMark, 'U0BUDGET');
    expect(first.text).not.toMatch(/went wrong|budget/i);
    const p = price(sandbox);
    expect(p).toBeGreaterThan(0);
    // A budget of two calls: one answered, one that left and got no answer.
    await setBudget(h, 2 * p);
    proxy.fail('reset-after-forward');
    await ask(h, '/account', X.account.mediaMark, 'U0BUDGET');
    expect(price(sandbox)).toBe(2 * p); // the gateway did charge it

    const served = sandbox.requests().filter((r) => r.op === 'accountData').length;
    const third = await ask(h, '/account', X.account.mediaMark, 'U0BUDGET');

    expect(third.text).toMatch(/Daily budget reached/);
    expect(sandbox.requests().filter((r) => r.op === 'accountData')).toHaveLength(served);
  });

  it('shows "charge unknown" in /spend and the audit, and the next answer settles it once, exactly', async () => {
    const { h, sandbox, proxy } = await start();
    const team = h.double.teamId;
    await ask(h, '/account', X.account.mediaMark, 'U0SETTLE');
    const p = price(sandbox);
    proxy.fail('reset-after-forward');
    await ask(h, '/account', X.account.mediaMark, 'U0SETTLE');

    // Unconfirmed: shown apart in /spend and the audit, held against the day's budget.
    const spend = await ask(h, '/spend', 'today', 'U0SETTLE');
    expect(spend.text).toMatch(/Charge unknown, unconfirmed: 1 paid call/);
    expect(spend.text).toContain(`holds ${p} points`);
    const ledger = h.bot.deps.ledger;
    const spent = () =>
      ledger.spentOnDay({ workspaceId: team, day: new Date(), timeZone: 'Asia/Shanghai' });
    expect(await spent()).toBe(2 * p);
    const unknownRow = await eventually(async () =>
      (await h.bot.deps.audit.list({ workspaceId: team, since: new Date(0) })).find(
        (a) => a.charge === 'unconfirmed',
      ),
    );
    h.double.addUser({ id: 'U0AUDITOR', isAdmin: true });
    const auditCard = await ask(h, '/querydesk', 'audit', 'U0AUDITOR');
    expect(auditCard.text + JSON.stringify(auditCard.blocks)).toMatch(/charge unknown/);

    // The gateway's next answer for the operation names its price: the unknown call is settled.
    await ask(h, '/account', X.account.mediaMark, 'U0SETTLE');

    const report = await ledger.spend({
      workspaceId: team,
      from: new Date(Date.now() - 86_400_000),
      to: new Date(Date.now() + 1000),
      timeZone: 'Asia/Shanghai',
    });
    // Three calls reached the gateway and it charged all three: the ledger says the same, once each.
    expect(price(sandbox)).toBe(3 * p);
    expect(report.charged).toBe(3 * p);
    expect(await spent()).toBe(3 * p);
    expect(
      await ledger.maybeCharged({
        workspaceId: team,
        from: new Date(0),
        to: new Date(Date.now() + 1000),
      }),
    ).toEqual({ calls: 0, points: 0 });
    const settledRow = await eventually(async () =>
      (await h.bot.deps.audit.list({ workspaceId: team, since: new Date(0) })).find(
        (a) => a.requestId === unknownRow.requestId && a.charge === 'settled',
      ),
    );
    expect(settledRow.points).toBe(p);
    const after = await ask(h, '/spend', 'today', 'U0SETTLE');
    expect(after.text).not.toMatch(/Charge unknown/);
    expect(
      await ledger.settleUnconfirmed({
        workspaceId: team,
        requestId: unknownRow.requestId,
        points: 0,
      }),
    ).toBeUndefined();
  });

  it('a reconciliation settles one unconfirmed call by its request id, at the gateway statement', async () => {
    const { h, sandbox, proxy } = await start();
    const team = h.double.teamId;
    await ask(h, '/account', X.account.mediaMark, 'U0RECON');
    const p = price(sandbox);
    proxy.fail('reset');
    await ask(h, '/account', X.account.mediaMark, 'U0RECON');
    const row = await eventually(async () =>
      (await h.bot.deps.audit.list({ workspaceId: team, since: new Date(0) })).find(
        (a) => a.charge === 'unconfirmed',
      ),
    );

    // The statement shows the cut call was never served: it settles at 0.
    const settled = await h.bot.deps.ledger.settleUnconfirmed({
      workspaceId: team,
      requestId: row.requestId,
      points: 0,
    });

    expect(settled).toMatchObject({ held: p, points: 0 });
    expect(
      await h.bot.deps.ledger.spentOnDay({
        workspaceId: team,
        day: new Date(),
        timeZone: 'Asia/Shanghai',
      }),
    ).toBe(p);
  });
});
