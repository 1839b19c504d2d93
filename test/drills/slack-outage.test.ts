import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox, SANDBOX_EXAMPLES as X } from '../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { type BotProcess, spawnBot, until } from './harness/bot-process.js';
import { builtMain } from './harness/build.js';
import { freshSchema } from './harness/schema.js';
import { answersTo, botEnv, CHANNEL } from './harness/world.js';

// Drill: Slack's Web API answers 429 (Retry-After) and 503 to every call for 15 s, while live QR
// codes change state and people keep typing commands.
const OUTAGE_MS = 15_000;
let db: Awaited<ReturnType<typeof freshSchema>>;
let sandbox: Sandbox;
let double: SlackDouble;
const bots: BotProcess[] = [];

beforeAll(async () => {
  const main = await builtMain();
  db = await freshSchema('qd_drill_slack');
  // Scanned 6 s after creation: inside the outage, so the edit saying so is owed until it ends.
  sandbox = await startSandbox({ qrScanAfterMs: 6_000 });
  double = await startSlackDouble();
  double.addChannel({ id: CHANNEL, name: 'drill' });
  const env = botEnv(double, sandbox.url, { DATABASE_URL: db.url, QR_POLL_INTERVAL_MS: '1000' });
  bots.push(await spawnBot(main, 'replica-1', env));
  bots.push(await spawnBot(main, 'replica-2', env));
}, 90_000);

afterAll(async () => {
  await Promise.all(bots.map((b) => b.stop()));
  for (const b of bots) b.saveLogs(`slack-outage-${b.name}`);
  await double?.close();
  await sandbox?.close();
  await db?.drop();
}, 60_000);

const statusMessages = () => double.messages(CHANNEL).filter((m) => /^QR login for /.test(m.text));

describe('drill: Slack Web API rate limiting and failing for a while', () => {
  it('delays the QR edits without losing or doubling them, and keeps answering meanwhile', async () => {
    for (let i = 0; i < 3; i++) {
      await double.sendCommand(bots[i % 2]!.events, {
        command: '/qr',
        text: X.account.mediaMark,
        user: `USQ${i}`,
        channel: CHANNEL,
      });
    }
    await until(
      'three QR codes shown as not scanned',
      () => statusMessages().filter((m) => /: not scanned/.test(m.text)).length === 3,
      20_000,
    );

    double.outage({ ms: OUTAGE_MS, retryAfter: 2 });
    const outageEnds = Date.now() + OUTAGE_MS;

    // Meanwhile: commands keep being answered (their answers go through response_url), and
    // both processes answer health checks promptly — nothing waits on Slack's Retry-After.
    const users: string[] = [];
    let slowestHealthMs = 0;
    for (let i = 0; i < 10; i++) {
      const user = `USC${i}`;
      users.push(user);
      await double.sendCommand(bots[i % 2]!.events, {
        command: '/payorder',
        text: `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`,
        user,
        channel: CHANNEL,
      });
      for (const b of bots) {
        const t0 = Date.now();
        expect(await b.status('/healthz')).toBe(200);
        slowestHealthMs = Math.max(slowestHealthMs, Date.now() - t0);
      }
      await new Promise((r) => setTimeout(r, 800));
    }
    await until(
      'every command answered',
      () => [...answersTo(double, users).values()].every((a) => a.length === 1),
      10_000,
    );
    expect(Date.now()).toBeLessThan(outageEnds);
    // Still within the outage, the scan is known but not yet shown.
    expect(statusMessages().filter((m) => /: scanned/.test(m.text))).toHaveLength(0);

    // Once it is over, each status message is edited to "scanned": late, not lost.
    await until(
      'three QR codes shown as scanned',
      () => statusMessages().filter((m) => /: scanned/.test(m.text)).length === 3,
      45_000,
      250,
    );
    // Slack did refuse those edits while it was out.
    const refused = double.callsTo('chat.update').map((c) => c.error);
    expect(refused).toContain('ratelimited');
    expect(refused).toContain('service_unavailable');
    // Never doubled: still one status message and one image per QR code.
    expect(statusMessages()).toHaveLength(3);
    expect(double.files().filter((f) => f.completed)).toHaveLength(3);
    console.info(
      `Slack outage drill: ${refused.filter(Boolean).length} chat.update calls refused (${[...new Set(refused.filter(Boolean))].join(', ')}); slowest /healthz ${slowestHealthMs} ms during the outage`,
    );
  }, 150_000);
});
