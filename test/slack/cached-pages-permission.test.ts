import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import type { DoubleMessage } from '../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { eventually } from '../fakes/eventually.js';

const X = SANDBOX_EXAMPLES;
// A fixed coupon window (the default one ends "now", so no two lookups would ask the same).
const FROM = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
const CHANNEL = 'C0CACHE01';
let h: BotHarness;

/** The command's answer to `user`: the next ephemeral message they see. */
async function ask(command: string, text: string, user: string): Promise<DoubleMessage> {
  const mine = () => h.double.messages().filter((m) => m.ephemeral && m.visibleTo === user);
  const before = mine().length;
  await h.double.sendCommand(h.events, { command, text, user, channel: CHANNEL });
  return h.double.waitFor(() => mine()[before], 8000);
}

const requestsFor = (op: string) => h.bot.sandbox!.requests().filter((r) => r.op === op).length;
const auditOf = (user: string) =>
  h.bot.deps.audit
    .list({ workspaceId: h.double.teamId, since: new Date(0) })
    .then((rows) => rows.filter((r) => r.userId === user));

beforeAll(async () => {
  h = await startBot();
  // An admin allows paid commands for U0ALLOWED only, through /querydesk config.
  h.double.addUser({ id: 'U0ADMIN', isAdmin: true });
  const views = h.double.views().length;
  await h.double.sendCommand(h.events, { command: '/querydesk', text: 'config', user: 'U0ADMIN' });
  const modal = await h.double.waitFor(() => h.double.views()[views], 5000);
  await h.double.sendViewSubmission(h.events, {
    viewId: modal.id,
    user: 'U0ADMIN',
    values: { paid_users: { paid_users: ['U0ALLOWED'] } },
  });
  await eventually(
    async () => (await h.bot.deps.settings.spendRules(h.double.teamId)).users.includes('U0ALLOWED'),
    8000,
    'settings saved',
  );
});
afterAll(async () => {
  await h?.stop();
});

describe.each([
  { command: '/shoporders', op: 'shopOrders', text: `${X.shopOrders.ownerId} size=1` },
  { command: '/punishments', op: 'punishments', text: `${X.punishments.platformUserId} size=1` },
  { command: '/coupons', op: 'coupons', text: `${X.coupons.sid} from=${FROM} size=1` },
])('$command: a page in the shared cache', ({ command, op, text }) => {
  it('is not shown to a person the workspace does not allow, and nothing is audited for them', async () => {
    const bought = await ask(command, text, 'U0ALLOWED');
    expect(bought.text).not.toMatch(/not allowed|not on the list/i);
    const calls = requestsFor(op);

    const refused = await ask(command, text, 'U0OTHER');

    expect(refused.text).toMatch(/not on the list/);
    expect(refused.text).toMatch(/\/querydesk config/);
    expect(JSON.stringify(refused.blocks)).not.toContain('qd_share');
    expect(refused.text).not.toBe(bought.text);
    expect(requestsFor(op)).toBe(calls);
    expect(await auditOf('U0OTHER')).toEqual([]);
  });

  it('is shown again to an allowed person and audited as cached, 0 points', async () => {
    const calls = requestsFor(op);
    const again = await ask(command, text, 'U0ALLOWED');

    expect(again.text).not.toMatch(/not allowed|not on the list/i);
    expect(requestsFor(op)).toBe(calls);
    const rows = await eventually(
      async () => {
        const r = (await auditOf('U0ALLOWED')).filter((a) => a.operation === op);
        return r.some((a) => a.resultCode === 'cached') ? r : undefined;
      },
      8000,
      'cache hit audited',
    );
    const hit = rows.find((a) => a.resultCode === 'cached')!;
    expect(hit).toMatchObject({ points: 0, command, channelId: CHANNEL });
  });
});

describe('a paging click', () => {
  it('is checked for the person who clicked, even for a page already bought', async () => {
    const first = await ask('/shoporders', `${X.shopOrders.ownerId} size=1`, 'U0ALLOWED');
    const card = () => h.double.messages(first.channel).find((m) => m.ts === first.ts)!;
    // The allowed person pages on: page 1 and page 2 are both bought and cached now.
    await h.double.sendAction(h.events, {
      actionId: 'qd_shoporders_page_next',
      channel: first.channel,
      messageTs: first.ts,
      user: 'U0ALLOWED',
    });
    const second = await h.double.waitFor(
      () => (card().text !== first.text ? card() : undefined),
      8000,
    );
    expect(JSON.stringify(second.blocks)).toContain('qd_shoporders_page_prev');
    const calls = requestsFor('shopOrders');

    // Someone else presses "previous": page 1 is in the cache, but they may not see it.
    await h.double.sendAction(h.events, {
      actionId: 'qd_shoporders_page_prev',
      channel: first.channel,
      messageTs: first.ts,
      user: 'U0OTHER',
    });
    const answer = await h.double.waitFor(
      () => (card().text !== second.text ? card() : undefined),
      8000,
    );

    expect(answer.text).toMatch(/not on the list/);
    expect(answer.text).not.toBe(first.text);
    expect(JSON.stringify(answer.blocks)).not.toContain('qd_shoporders_page_');
    expect(requestsFor('shopOrders')).toBe(calls);
  });
});
