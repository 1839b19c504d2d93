import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { deliveryKey } from '../../../src/slack/middleware/idempotency.js';
import { type SlackDouble, startSlackDouble } from '../../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';
import { freshSchema } from '../../fakes/fresh-schema.js';
import { commandBody, postSignedAt } from '../../fakes/signed-post.js';

const X = SANDBOX_EXAMPLES;
let double: SlackDouble;
let h: BotHarness;
let a: BotHarness;
let b: BotHarness;
let schema: Awaited<ReturnType<typeof freshSchema>> | undefined;

beforeAll(async () => {
  schema = await freshSchema('qd_idem');
  const pgUrl = schema.url;
  double = await startSlackDouble();
  h = await startBot({}, {}, double);
  a = await startBot({ DATABASE_URL: pgUrl }, {}, double);
  b = await startBot({ DATABASE_URL: pgUrl }, {}, double);
});
afterAll(async () => {
  await h?.stop();
  await a?.stop();
  await b?.stop();
  await double?.close();
  await schema?.drop();
});

const accountCalls = (...bots: BotHarness[]) =>
  bots.reduce(
    (n, x) => n + x.bot.sandbox!.requests().filter((r) => r.op === 'accountData').length,
    0,
  );
const charges = async (x: BotHarness) =>
  (await x.bot.deps.store.db.selectFrom('ledger_entries').selectAll().execute()).filter(
    (e) => e.kind === 'charge' && e.operation === 'accountData',
  ).length;
const answersTo = (user: string) =>
  double.messages().filter((m) => m.ephemeral && m.visibleTo === user);
/** Every answer already acked has finished (its work is tracked for shutdown). */
const settled = (...bots: BotHarness[]) => Promise.all(bots.map((x) => x.bot.deps.work.drain()));

describe('a Slack retry, a double click or a double submission does nothing twice', () => {
  it('the same signed /account delivered again with X-Slack-Retry-Num: 1 costs one gateway call and one charge', async () => {
    const user = 'U0RETRY01';
    const body = commandBody(double, {
      command: '/account',
      text: X.account.mediaMark,
      user,
    });
    const [first, retry] = await Promise.all([
      postSignedAt(double, h.events, body),
      postSignedAt(double, h.events, body, undefined, {
        'x-slack-retry-num': '1',
        'x-slack-retry-reason': 'http_timeout',
      }),
    ]);
    expect([first.status, retry.status]).toEqual([200, 200]);
    await double.waitFor(() => answersTo(user)[0], 8000);
    await settled(h);
    expect(accountCalls(h)).toBe(1);
    expect(await charges(h)).toBe(1);
    expect(answersTo(user)).toHaveLength(1);
  });

  it('Share in channel clicked twice within 50 ms posts one public message', async () => {
    const user = 'U0SHARE02';
    const channel = 'C0SHARE02';
    await double.sendCommand(h.events, {
      command: '/payorder',
      text: `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`,
      user,
      channel,
    });
    const card = await double.waitFor(() => answersTo(user)[0], 8000);
    const click = () =>
      double.sendAction(h.events, { actionId: 'qd_share', channel, messageTs: card.ts, user });
    const firstClick = click();
    await new Promise((r) => setTimeout(r, 20));
    await Promise.all([firstClick, click()]);
    await double.waitFor(() => double.messages(channel).find((m) => !m.ephemeral), 8000);
    // Sharing is not tracked as work: give a second post time to arrive, were there one.
    await new Promise((r) => setTimeout(r, 500));
    expect(double.messages(channel).filter((m) => !m.ephemeral)).toHaveLength(1);
  });

  it('the /account form submitted twice (same view, same values) makes one paid call', async () => {
    const user = 'U0FORM03';
    const views = double.views().length;
    await double.sendCommand(h.events, {
      command: '/account',
      text: '',
      user,
      channel: 'C0FORM03',
    });
    const opened = await double.waitFor(() => double.views()[views], 5000);
    const calls = accountCalls(h);
    const submit = () =>
      double.sendViewSubmission(h.events, {
        viewId: opened.id,
        user,
        values: { media_mark: { media_mark: X.account.mediaMark } },
      });
    await Promise.all([submit(), submit()]);
    await double.waitFor(() => answersTo(user)[0], 8000);
    await settled(h);
    expect(accountCalls(h) - calls).toBe(1);
    expect(answersTo(user)).toHaveLength(1);
  });

  it('holds across two app instances on one PostgreSQL: a retry landing on the other replica does nothing', async () => {
    const user = 'U0REPL04';
    const body = commandBody(double, { command: '/account', text: X.account.mediaMark, user });
    await Promise.all([
      postSignedAt(double, a.events, body),
      postSignedAt(double, b.events, body, undefined, { 'x-slack-retry-num': '1' }),
    ]);
    await double.waitFor(() => answersTo(user)[0], 8000);
    await settled(a, b);
    expect(accountCalls(a, b)).toBe(1);
    expect((await charges(a)) + 0).toBe(1);
    expect(answersTo(user)).toHaveLength(1);
  });

  it('a typed-again command, a corrected form and a click on another control are new intents', () => {
    const command = (trigger: string) => ({
      command: '/account',
      team_id: 'T',
      trigger_id: trigger,
    });
    expect(deliveryKey(command('1'))?.key).not.toBe(deliveryKey(command('2'))?.key);
    const view = (values: unknown) => ({
      type: 'view_submission',
      team: { id: 'T' },
      user: { id: 'U' },
      view: { id: 'V1', hash: 'h', state: { values } },
    });
    expect(deliveryKey(view({ a: 1 }))?.key).not.toBe(deliveryKey(view({ a: 2 }))?.key);
    const click = (actionId: string, ts: string) => ({
      type: 'block_actions',
      team: { id: 'T' },
      user: { id: 'U' },
      container: { message_ts: '1.1' },
      actions: [{ action_id: actionId, value: 'v', action_ts: ts }],
    });
    expect(deliveryKey(click('share', '1'))?.key).toBe(deliveryKey(click('share', '2'))?.key);
    expect(deliveryKey(click('share', '1'))?.key).not.toBe(deliveryKey(click('next', '1'))?.key);
    expect(deliveryKey({ type: 'view_closed' })).toBeUndefined();
    // A pick in a modal: twice on one drawing is one intent; the same pick on a redrawn modal
    // (A, then B, then A again) is a new one.
    const pick = (hash: string, ts: string) => ({
      type: 'block_actions',
      team: { id: 'T' },
      user: { id: 'U' },
      container: { type: 'view', view_id: 'V1' },
      view: { id: 'V1', hash },
      actions: [{ action_id: 'pick', selected_option: { value: 'a' }, action_ts: ts }],
    });
    expect(deliveryKey(pick('h1', '1'))?.key).toBe(deliveryKey(pick('h1', '2'))?.key);
    expect(deliveryKey(pick('h1', '1'))?.key).not.toBe(deliveryKey(pick('h3', '1'))?.key);
  });
});

describe('QR buttons clicked twice', () => {
  let q: BotHarness;
  beforeAll(async () => {
    q = await startBot({ QR_POLL_INTERVAL_MS: '100' }, { sandbox: { qrScanAfterMs: 200 } });
  });
  afterAll(async () => {
    await q?.stop();
  });

  it('Load account analytics clicked twice within 50 ms makes one paid call', async () => {
    const channel = 'C0QRTWICE';
    await q.double.sendCommand(q.events, {
      command: '/qr',
      text: X.account.mediaMark,
      user: 'U0QRTWICE',
      channel,
    });
    const scanned = await q.double.waitFor(
      () =>
        q.double
          .messages(channel)
          .find((m) => !m.ephemeral && JSON.stringify(m.blocks).includes('qd_qr_account')),
      10_000,
    );
    const calls = () => q.bot.sandbox!.requests().filter((r) => r.op === 'accountData').length;
    const click = () =>
      q.double.sendAction(q.events, {
        actionId: 'qd_qr_account',
        channel,
        messageTs: scanned.ts,
        user: 'U0QRTWICE',
      });
    const first = click();
    await new Promise((r) => setTimeout(r, 20));
    await Promise.all([first, click()]);
    await q.double.waitFor(() => calls() > 0 || undefined, 8000);
    // An absence (no second paid call): it needs a while in which one could have come.
    await new Promise((r) => setTimeout(r, 500));
    expect(calls()).toBe(1);
  });
});
