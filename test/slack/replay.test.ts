import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { startRecordingProxy } from '../fakes/recording-proxy.js';

const X = SANDBOX_EXAMPLES;
// The bot's clock runs ahead by `skew`: a replay "a minute later" without waiting a minute.
// Slack's signature check keeps reading the real time, so the copy is still validly signed.
let skew = 0;
let h: BotHarness;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
beforeAll(async () => {
  h = await startBot({}, { clock: () => new Date(Date.now() + skew) });
  proxy = await startRecordingProxy(h.events);
});
afterAll(async () => {
  await proxy?.close();
  await h?.stop();
});

const accountCalls = () => h.bot.sandbox!.requests().filter((r) => r.op === 'accountData').length;
const duplicatesIgnored = () =>
  h.log.lines().filter((l) => l.msg === 'duplicate Slack request ignored');
const answersTo = (user: string) =>
  h.double.messages().filter((m) => m.ephemeral && m.visibleTo === user);

describe('the same signed request sent again while its signature is valid', () => {
  it('a paid form submission replayed a minute later is acknowledged and calls nothing', async () => {
    const user = 'U0REPLAY1';
    const views = h.double.views().length;
    await h.double.sendCommand(h.events, { command: '/account', text: '', user });
    const opened = await h.double.waitFor(() => h.double.views()[views], 5000);
    await h.double.sendViewSubmission(proxy.url, {
      viewId: opened.id,
      user,
      values: { media_mark: { media_mark: X.account.mediaMark } },
    });
    await h.double.waitFor(() => answersTo(user)[0], 8000);
    await h.bot.deps.work.drain();
    const calls = accountCalls();
    const submission = proxy.recorded().at(-1)!;
    expect(submission.body).toContain('view_submission');

    skew += 60_000; // past the 10 s double-submission window, within the signature's 5 minutes
    const status = await proxy.replay(submission);
    await h.bot.deps.work.drain();

    expect(status).toBe(200);
    expect(accountCalls()).toBe(calls);
    expect(answersTo(user)).toHaveLength(1);
  });

  it('a Share click replayed a minute later posts nothing more in the channel', async () => {
    const user = 'U0REPLAY2';
    const channel = 'C0REPLAY2';
    await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`,
      user,
      channel,
    });
    const card = await h.double.waitFor(() => answersTo(user)[0], 8000);
    await h.double.sendAction(proxy.url, {
      actionId: 'qd_share',
      channel,
      messageTs: card.ts,
      user,
    });
    await h.double.waitFor(() => h.double.messages(channel).find((m) => !m.ephemeral), 8000);
    const click = proxy.recorded().at(-1)!;

    const posts = () => h.double.messages(channel).filter((m) => !m.ephemeral);
    const ignored = () => duplicatesIgnored().length;
    const before = ignored();

    skew += 60_000;
    const status = await proxy.replay(click);
    // Sharing is not tracked as work: wait for either outcome, a second post or the bot saying
    // it dropped the copy.
    await h.double.waitFor(() => posts().length > 1 || ignored() > before, 8000);

    expect(status).toBe(200);
    expect(posts()).toHaveLength(1);
  });
});
