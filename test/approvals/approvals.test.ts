import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { checkMessage } from '../../src/slack/blocks/limits.js';
import { DEFAULT_CHANNEL } from '../../src/slack-double/index.js';
import { startBot } from '../fakes/bot.js';
import { DIALECTS, type TestDatabase } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import {
  ADMIN_ZH,
  ASKER,
  ask,
  cleanedAfterEach,
  click,
  configure,
  dmNow,
  exportFinished,
  OWNER_EN,
  parts,
  previewOf,
  progress,
  SHOP,
  toldTo,
} from './world.js';

const cleanups = cleanedAfterEach();

type Dialect = TestDatabase['dialect'];

async function world(dialect: Dialect, env: Record<string, string> = {}) {
  const { sandbox, double, ...p } = await parts(cleanups, dialect);
  const h = await startBot({ ...p.env, ...env }, {}, double);
  cleanups.push(() => h.stop());
  return { h, sandbox, double, shopCalls: p.shopCalls };
}

describe.each(DIALECTS)('approval for costly work (%s)', (dialect) => {
  it('asks the admins and owners in their languages, starts the export as the asker at the first approval, and audits both', async () => {
    const { h, double, shopCalls } = await world(dialect);
    await configure(h, { above: '0' });
    // No price known yet: with an amount set, the export needs approval.
    const preview = await previewOf(h, '/shoporders', `export ${SHOP} size=50`);
    const words = JSON.stringify(preview.blocks);
    expect(words).toContain('Ask for approval');
    expect(words).not.toContain('qd_export_start');
    expect(preview.text + words).toMatch(/not known yet/);

    const [zh, en] = await ask(h, preview, [ADMIN_ZH, OWNER_EN]);
    expect(zh!.text).toContain('请你审批');
    expect(en!.text).toMatch(/asks for your approval of an export: Shop orders of/);
    expect(JSON.stringify(en!.blocks)).toContain(`<#${DEFAULT_CHANNEL}>`);
    for (const dm of [zh!, en!])
      expect(checkMessage({ text: dm.text, blocks: dm.blocks })).toEqual([]);
    const sent = double.messages().find((m) => m.ts === preview.ts)!;
    expect(sent.text).toMatch(new RegExp(`Sent for approval to .*@${OWNER_EN}`));
    expect(JSON.stringify(sent.blocks)).toContain('qd_approval_withdraw');
    expect(shopCalls()).toBe(0);

    // Both approvers click at once: one export, one progress message.
    await Promise.all([
      click(h, 'qd_approval_approve', zh!, ADMIN_ZH),
      click(h, 'qd_approval_approve', en!, OWNER_EN),
    ]);
    const message = await exportFinished(double);
    expect(JSON.stringify(message.blocks)).toContain(`<@${ASKER}>`);
    expect(progress(double)).toHaveLength(1);
    expect(shopCalls()).toBe(5);
    const told = await toldTo(double, ASKER, /approved an export/);
    const winner = /@(U0\w+) approved/.exec(told.text)?.[1];
    expect([ADMIN_ZH, OWNER_EN]).toContain(winner);
    await eventually(
      () =>
        /已同意/.test(dmNow(double, zh!)?.text ?? '') &&
        /approved it/.test(dmNow(double, en!)?.text ?? ''),
    );
    expect(JSON.stringify(dmNow(double, en!)?.blocks)).not.toContain('qd_approval_approve');

    const rows = await h.bot.deps.audit.list({ workspaceId: double.teamId, since: new Date(0) });
    const paid = rows.filter((r) => r.operation === 'shopOrders');
    expect(paid.length).toBe(5);
    for (const r of paid) expect([r.userId, r.approvedBy]).toEqual([ASKER, winner]);
    const before = double.messages().filter((m) => m.ephemeral).length;
    await double.sendCommand(h.events, { command: '/querydesk', text: 'audit', user: OWNER_EN });
    const card = await double.waitFor(
      () => double.messages().filter((m) => m.ephemeral)[before],
      8000,
    );
    expect(JSON.stringify(card.blocks)).toContain(`approved by <@${winner}>`);
    // The card's Export CSV: the file in the admin's direct messages.
    await click(h, 'qd_audit_export', card, OWNER_EN);
    const file = await double.waitFor(
      () => double.files().find((f) => f.completed && f.name.startsWith('querydesk-audit')),
      8000,
    );
    const csv = parse(file.bytes.toString('utf8'), { bom: true }) as string[][];
    const col = (name: string) => csv[0]!.indexOf(name);
    const paidRows = csv.slice(1).filter((r) => r[col('operation')] === 'shopOrders');
    expect(paidRows).toHaveLength(5);
    for (const r of paidRows)
      expect([r[col('user')], r[col('approved_by')]]).toEqual([ASKER, winner]);
  }, 90_000);

  it('denies, withdraws, refuses the asker’s own click, and says when nobody can approve', async () => {
    const { h, double, shopCalls } = await world(dialect);
    // A lookup teaches the workspace operation 7's price: 24 polls a day cost more than 1 point.
    await double.sendCommand(h.events, { command: '/shoporders', text: SHOP, user: OWNER_EN });
    await eventually(() => shopCalls() === 1);
    await configure(h, { above: '1', approvers: [OWNER_EN, ASKER] });

    const first = await previewOf(h, '/shoporders', `subscribe ${SHOP} every=1h`);
    expect(JSON.stringify(first.blocks)).not.toContain('qd_subscribe"');
    const [dm] = await ask(h, first, [OWNER_EN]);
    // The asker is among the approvers but is never asked, and cannot decide by a forged click.
    expect(double.messages(`D${ASKER.slice(1)}`)).toHaveLength(0);
    await click(h, 'qd_approval_approve', dm!, ASKER);
    await toldTo(double, ASKER, /cannot approve or deny your own request/);
    await click(h, 'qd_approval_deny', dm!, OWNER_EN);
    await toldTo(double, ASKER, /denied a subscription: New shop orders of/);
    await eventually(() => /denied it/.test(dmNow(double, dm!)?.text ?? ''));

    const second = await previewOf(h, '/shoporders', `subscribe ${SHOP} every=1h`);
    const [dm2] = await ask(h, second, [OWNER_EN]);
    const sent = double.messages().find((m) => m.ts === second.ts)!;
    await click(h, 'qd_approval_withdraw', sent, ASKER);
    await eventually(() =>
      /You withdrew/.test(double.messages().find((m) => m.ts === second.ts)?.text ?? ''),
    );
    await eventually(() => /withdrew the request/.test(dmNow(double, dm2!)?.text ?? ''));
    expect(double.messages(DEFAULT_CHANNEL).filter((m) => !m.ephemeral)).toHaveLength(0);
    expect(shopCalls()).toBe(1);

    // Only the asker as approver: nobody else can approve, so no button at all.
    await configure(h, { above: '1', approvers: [ASKER] }, ADMIN_ZH);
    const none = await previewOf(h, '/shoporders', `export ${SHOP}`);
    const blocks = JSON.stringify(none.blocks);
    expect(blocks).toContain('Nobody other than you can approve it');
    expect(blocks).not.toContain('qd_approval_ask');
    expect(blocks).not.toContain('qd_export_start');
  }, 90_000);

  it('starts nothing when the asker may no longer spend, or the budget is spent, at the approval, and tells both why', async () => {
    const { h, double, shopCalls } = await world(dialect);
    await configure(h, { above: '0', approvers: [OWNER_EN] });
    const preview = await previewOf(h, '/shoporders', `subscribe ${SHOP} every=1h`);
    const [dm] = await ask(h, preview, [OWNER_EN]);
    await configure(h, { above: '0', approvers: [OWNER_EN], paidUsers: [OWNER_EN] });
    await click(h, 'qd_approval_approve', dm!, OWNER_EN);
    await toldTo(double, ASKER, /approved a subscription.*but it did not start/);
    await eventually(() => /did not start/.test(dmNow(double, dm!)?.text ?? ''));

    // Allowed again, but the day's budget is spent: the approval starts nothing either.
    await configure(h, { above: '0', approvers: [OWNER_EN], budget: '0' });
    const again = await previewOf(h, '/shoporders', `export ${SHOP}`);
    const [dm2] = await ask(h, again, [OWNER_EN]);
    await click(h, 'qd_approval_approve', dm2!, OWNER_EN);
    await toldTo(double, ASKER, /approved an export.*but it did not start: Daily budget reached/);
    await eventually(() => /Daily budget reached/.test(dmNow(double, dm2!)?.text ?? ''));
    expect(double.messages(DEFAULT_CHANNEL).filter((m) => !m.ephemeral)).toHaveLength(0);
    expect(shopCalls()).toBe(0);
  }, 60_000);

  it('starts nothing from a preview shown before an amount was set that the work is now above', async () => {
    const { h, double, shopCalls } = await world(dialect);
    const preview = await previewOf(h, '/shoporders', `export ${SHOP} size=50`);
    expect(JSON.stringify(preview.blocks)).toContain('qd_export_start');
    await configure(h, { above: '0' });
    await click(h, 'qd_export_start', preview, ASKER);
    await eventually(() =>
      /now needs approval/.test(double.messages().find((m) => m.ts === preview.ts)?.text ?? ''),
    );
    expect(progress(double)).toHaveLength(0);
    expect(shopCalls()).toBe(0);
  }, 60_000);

  it('expires after APPROVAL_TIMEOUT_MS: the messages say so, the asker is told, a later click does nothing', async () => {
    const { h, double, shopCalls } = await world(dialect, { APPROVAL_TIMEOUT_MS: '1500' });
    await configure(h, { above: '0' });
    const preview = await previewOf(h, '/shoporders', `export ${SHOP} size=50`);
    const [zh, en] = await ask(h, preview, [ADMIN_ZH, OWNER_EN]);
    await toldTo(double, ASKER, /expired: nobody decided in time/);
    await eventually(
      () =>
        /已过期/.test(dmNow(double, zh!)?.text ?? '') &&
        /Expired/.test(dmNow(double, en!)?.text ?? ''),
    );
    const sent = double.messages().find((m) => m.ts === preview.ts)!;
    await click(h, 'qd_approval_withdraw', sent, ASKER);
    await toldTo(double, ASKER, /has expired; this click changed nothing/);
    expect(progress(double)).toHaveLength(0);
    expect(shopCalls()).toBe(0);
  }, 60_000);
});
