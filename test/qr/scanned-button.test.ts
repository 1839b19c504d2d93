import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { QR_ACTION } from '../../src/slack/blocks/ids.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { startCheckLog } from '../fakes/check-log.js';
import { eventually } from './harness.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  closers.length = 0;
});

/**
 * Two replicas of the real app on one SQLite file and one Slack double, in front of a sandbox
 * whose status answers take 600 ms (so a check is still running when the second click comes).
 * Scheduled checks are a minute apart: any check in these tests comes from a click.
 */
async function twoReplicas() {
  const sandbox: Sandbox = await startSandbox({ rateLimitPerSecond: 1000 });
  closers.push(() => sandbox.close());
  const checkLog = await startCheckLog(sandbox.url, { statusDelayMs: 600 });
  closers.push(() => checkLog.close());
  const double: SlackDouble = await startSlackDouble();
  closers.push(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'qd-scanned-'));
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
  const env = {
    GATEWAY_BASE_URL: checkLog.url,
    GATEWAY_TOKEN: 't',
    QR_POLL_INTERVAL_MS: '60000',
    DATABASE_URL: `sqlite:${join(dir, 'shared.db')}`,
  };
  const a: BotHarness = await startBot(env, {}, double);
  closers.push(() => a.stop());
  const b: BotHarness = await startBot(env, {}, double);
  closers.push(() => b.stop());

  await double.sendCommand(a.events, { command: '/qr', text: 'account123', user: 'U0ASKER01' });
  const status = await double.waitFor(
    () =>
      double.messages().find((m) => m.via === 'chat.postMessage' && m.text.includes('not scanned')),
    10_000,
  );
  const [session] = sandbox.sessions();
  if (!session) throw new Error('no QR session');
  const click = (bot: BotHarness, user = 'U0ASKER01') =>
    double.sendAction(bot.events, {
      actionId: QR_ACTION.scanned,
      channel: status.channel,
      messageTs: status.ts,
      user,
    });
  const checks = () => checkLog.spans().filter((s) => s.sessionId === session.sessionId);
  return { sandbox, double, a, b, status, sessionId: session.sessionId, click, checks };
}

describe('"I\'ve scanned it" on the QR status message', () => {
  it('checks the status at once and tells the clicker it is not scanned yet', async () => {
    const r = await twoReplicas();

    const ack = await r.click(r.a);

    expect(ack.status).toBe(200);
    const reply = await r.double.waitFor(
      () => r.double.messages().find((m) => m.ephemeral && m.text.includes('not scanned')),
      5_000,
    );
    expect(reply.text).toMatch(/Checked just now .*not scanned\* yet/);
    // The schedule's first check is a minute away: this one came from the click.
    expect(r.checks()).toHaveLength(1);
    expect(r.double.messages().find((m) => m.ts === r.status.ts)?.text).toMatch(/: not scanned /);
  }, 30_000);

  it('after a scan, one click turns the message to "scanned"; a double click across replicas makes one check', async () => {
    const r = await twoReplicas();
    r.sandbox.simulateScan(r.sessionId);

    // Two people (or one double click) at once, each click landing on a different replica.
    await Promise.all([r.click(r.a), r.click(r.b, 'U0OTHER01')]);

    await eventually(
      () =>
        r.double
          .messages()
          .find((m) => m.ts === r.status.ts)
          ?.text.includes(': scanned '),
      10_000,
      'message shows scanned',
    );
    // Long enough for a second check to have run had one been started.
    await new Promise((done) => setTimeout(done, 1_000));
    expect(r.checks()).toHaveLength(1);
    const ledger = await r.a.bot.deps.ledger.recent({ workspaceId: r.double.teamId, limit: 50 });
    expect(ledger.filter((e) => e.operation === 'qrStatus')).toHaveLength(1);
  }, 30_000);
});
