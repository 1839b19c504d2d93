import { afterEach, expect } from 'vitest';
import { SANDBOX_EXAMPLES, startSandbox } from '../../src/sandbox/index.js';
import { checkMessage, checkView } from '../../src/slack/blocks/limits.js';
import {
  DEFAULT_CHANNEL,
  type DoubleMessage,
  type SlackDouble,
  startSlackDouble,
} from '../../src/slack-double/index.js';
import type { StoreDialect } from '../../src/store/database.js';
import { botDatabase } from '../fakes/bot-database.js';
import { eventually } from '../fakes/eventually.js';

export const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId; // 250 orders
export const ASKER = 'U0ASKER';
/** An admin who reads Chinese, and an owner who reads English: the default approvers. */
export const ADMIN_ZH = 'U0ADMINZH';
export const OWNER_EN = 'U0OWNEREN';

export type H = { double: SlackDouble; events: string };

export function people(d: SlackDouble): void {
  d.addUser({ id: ASKER, locale: 'en-US' });
  d.addUser({ id: ADMIN_ZH, isAdmin: true, locale: 'zh-CN' });
  d.addUser({ id: OWNER_EN, isOwner: true, locale: 'en-US' });
}

export type Cleanups = (() => Promise<unknown>)[];

/** What a test pushes here is undone after it, newest first. */
export function cleanedAfterEach(): Cleanups {
  const cleanups: Cleanups = [];
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    cleanups.length = 0;
  });
  return cleanups;
}

/**
 * The sandbox gateway, the Slack double with `people` in it and a fresh database (each closed
 * after the test), and the environment a bot needs to use them.
 */
export async function parts(cleanups: Cleanups, dialect: StoreDialect) {
  const sandbox = await startSandbox({ rateLimitPerSecond: 1000 });
  cleanups.push(() => sandbox.close());
  const double = await startSlackDouble();
  cleanups.push(() => double.close());
  const database = await botDatabase(dialect);
  cleanups.push(() => database.dispose());
  people(double);
  const env = {
    DATABASE_URL: database.url,
    GATEWAY_BASE_URL: sandbox.url,
    GATEWAY_TOKEN: 'sandbox-token',
  };
  const shopCalls = () => sandbox.requests().filter((r) => r.op === 'shopOrders').length;
  return { sandbox, double, database, env, shopCalls };
}

/** `/querydesk config` by an admin, saved with "Approval needed above" and "Approvers". */
export async function configure(
  h: H,
  a: { above: string; approvers?: string[]; paidUsers?: string[]; budget?: string },
  admin = ADMIN_ZH,
): Promise<void> {
  const before = h.double.views().length;
  await h.double.sendCommand(h.events, { command: '/querydesk', text: 'config', user: admin });
  const modal = await h.double.waitFor(() => h.double.views()[before], 8000);
  expect(checkView(modal.view)).toEqual([]);
  const ack = await h.double.sendViewSubmission(h.events, {
    viewId: modal.id,
    user: admin,
    values: {
      approval_above: { approval_above: a.above },
      approvers: { approvers: a.approvers ?? [] },
      ...(a.paidUsers ? { paid_users: { paid_users: a.paidUsers } } : {}),
      ...(a.budget ? { daily_budget: { daily_budget: a.budget } } : {}),
    },
  });
  expect(ack.status).toBe(200);
  // Saved after the ack: the form, opened again, shows what was saved.
  const saved = JSON.stringify({ approvers: a.approvers ?? [], paid: a.paidUsers ?? [] });
  await eventually(
    async () => {
      const views = h.double.views().length;
      await h.double.sendCommand(h.events, { command: '/querydesk', text: 'config', user: admin });
      const again = await h.double.waitFor(() => h.double.views()[views], 8000);
      const blocks = again.view.blocks as {
        block_id?: string;
        element?: Record<string, unknown>;
      }[];
      const el = (id: string) => blocks.find((b) => b.block_id === id)?.element ?? {};
      const now = JSON.stringify({
        approvers: el('approvers').initial_users ?? [],
        paid: el('paid_users').initial_users ?? [],
      });
      return el('approval_above').initial_value === a.above && now === saved;
    },
    10_000,
    'the settings saved',
  );
}

/** The n-th ephemeral message from now on. */
export function ephemeralAfter(d: SlackDouble, before: number): Promise<DoubleMessage> {
  return d.waitFor(() => d.messages().filter((m) => m.ephemeral)[before], 8000);
}

/** A command whose private answer is a preview: the preview, checked against Block Kit's limits. */
export async function previewOf(h: H, command: string, text: string, user = ASKER) {
  const before = h.double.messages().filter((m) => m.ephemeral).length;
  await h.double.sendCommand(h.events, { command, text, user });
  const shown = await ephemeralAfter(h.double, before);
  expect(checkMessage({ text: shown.text, blocks: shown.blocks })).toEqual([]);
  return shown;
}

/** Clicks **Ask for approval** on `preview`; resolves with each approver's direct message. */
export async function ask(h: H, preview: DoubleMessage, approvers: string[], user = ASKER) {
  await h.double.sendAction(h.events, {
    actionId: 'qd_approval_ask',
    channel: preview.channel,
    messageTs: preview.ts,
    user,
  });
  const sent = await h.double.waitFor(
    () => h.double.messages().find((m) => m.ts === preview.ts && /Sent for approval/.test(m.text)),
    8000,
  );
  expect(checkMessage({ text: sent.text, blocks: sent.blocks })).toEqual([]);
  return Promise.all(approvers.map((a) => dmOf(h.double, a)));
}

/** Approval above 0 points with the owner the one approver; the asker asks for an export. */
export async function exportAskedOfOwner(h: H): Promise<DoubleMessage> {
  await configure(h, { above: '0', approvers: [OWNER_EN] });
  const preview = await previewOf(h, '/shoporders', `export ${SHOP} size=50`);
  const [dm] = await ask(h, preview, [OWNER_EN]);
  return dm as DoubleMessage;
}

/** The querydesk direct message holding an approval request for `user`. */
export function dmOf(d: SlackDouble, user: string): Promise<DoubleMessage> {
  return d.waitFor(
    () =>
      d
        .messages(`D${user.slice(1)}`)
        .find((m) => JSON.stringify(m.blocks).includes('qd_approval_approve')),
    8000,
  );
}

export const dmNow = (d: SlackDouble, dm: DoubleMessage) =>
  d.messages(dm.channel).find((m) => m.ts === dm.ts);

export function click(h: H, actionId: string, m: DoubleMessage, user: string) {
  return h.double.sendAction(h.events, {
    actionId,
    channel: m.channel,
    messageTs: m.ts,
    user,
  });
}

export const progress = (d: SlackDouble) =>
  d.messages(DEFAULT_CHANNEL).filter((m) => !m.ephemeral && m.text.startsWith('Shop orders of'));

/** The export's progress message in the channel, once its file is posted in its thread. */
export async function exportFinished(d: SlackDouble): Promise<DoubleMessage> {
  const message = await d.waitFor(() => progress(d)[0], 15_000);
  await d.waitFor(
    () => d.messages(DEFAULT_CHANNEL).find((m) => m.threadTs === message.ts && m.files.length),
    30_000,
  );
  return message;
}

/** The newest ephemeral message `user` sees whose text matches. */
export function toldTo(d: SlackDouble, user: string, text: RegExp): Promise<DoubleMessage> {
  return d.waitFor(
    () => d.messages().find((m) => m.ephemeral && m.visibleTo === user && text.test(m.text)),
    8000,
  );
}
