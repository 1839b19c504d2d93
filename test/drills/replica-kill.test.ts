import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox, SANDBOX_EXAMPLES as X } from '../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { type BotProcess, spawnBot, until } from './harness/bot-process.js';
import { builtMain } from './harness/build.js';
import { freshSchema } from './harness/schema.js';
import { slowLink } from './harness/slow-link.js';
import { botEnv, CHANNEL } from './harness/world.js';

// Drill: one replica of three is killed with SIGKILL (no shutdown, leases not handed back) while
// the QR codes it started are live. The other two finish watching them.
let db: Awaited<ReturnType<typeof freshSchema>>;
let sandbox: Sandbox;
let double: SlackDouble;
let link: Awaited<ReturnType<typeof slowLink>> | undefined;
const bots: BotProcess[] = [];

beforeAll(async () => {
  const main = await builtMain();
  db = await freshSchema('qd_drill_kill');
  // Scanned 20 s after creation, well after the kill.
  sandbox = await startSandbox({ qrScanAfterMs: 20_000 });
  double = await startSlackDouble();
  double.addChannel({ id: CHANNEL, name: 'drill' });
  // Status checks take ~1 s, so a replica holds a session's lease for a while during each.
  link = await slowLink(sandbox.url, 1_000);
  const env = botEnv(double, link.url, { DATABASE_URL: db.url, QR_POLL_INTERVAL_MS: '1000' });
  for (const name of ['replica-1', 'replica-2', 'replica-3']) {
    bots.push(await spawnBot(main, name, env));
  }
}, 90_000);

afterAll(async () => {
  await Promise.all(bots.map((b) => b.stop()));
  for (const b of bots) b.saveLogs(`replica-kill-${b.name}`);
  await double?.close();
  await link?.close();
  await sandbox?.close();
  await db?.drop();
}, 60_000);

const statusMessages = () => double.messages(CHANNEL).filter((m) => /^QR login for /.test(m.text));

describe('drill: kill -9 of one replica of three', () => {
  it('leaves its live QR codes to the others, which see them to the end', async () => {
    const [victim, ...survivors] = bots as [BotProcess, BotProcess, BotProcess];
    for (let i = 0; i < 4; i++) {
      await double.sendCommand(victim.events, {
        command: '/qr',
        text: X.account.mediaMark,
        user: `UKQ${i}`,
        channel: CHANNEL,
      });
    }
    await until(
      'four QR codes shown as not scanned',
      () => statusMessages().filter((m) => /: not scanned/.test(m.text)).length === 4,
      20_000,
    );
    // Killed while it holds at least one session's lease (its worker id carries its pid).
    const held: string[] = [];
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await until(
        'the victim holds a QR lease',
        async () => {
          const { rows } = await client.query<{ session_id: string }>(
            'select session_id from qr_sessions where lease_owner like $1',
            [`%:${victim.child.pid}:%`],
          );
          if (rows.length === 0) return false;
          victim.child.kill('SIGKILL');
          held.push(...rows.map((r) => r.session_id));
          return true;
        },
        20_000,
        20,
      );
    } finally {
      await client.end();
    }
    await victim.exited;
    const sessions = sandbox.sessions().map((s) => s.sessionId);
    expect(sessions).toHaveLength(4);

    // A session it held stays leased until the lease runs out; then a survivor takes it.
    await until(
      'four QR codes shown as scanned',
      () => statusMessages().filter((m) => /: scanned/.test(m.text)).length === 4,
      110_000,
      500,
    );
    // The survivors did it: each scan was seen and stored by one of them.
    const seenBySurvivors = new Set(
      survivors
        .flatMap((b) => b.logs)
        .filter((l) => l.msg === 'qr status changed')
        .map((l) => String(l.sessionId)),
    );
    expect([...seenBySurvivors].sort()).toEqual([...sessions].sort());
    for (const id of held) expect(seenBySurvivors).toContain(id);
    console.info(`replica kill drill: killed holding ${held.length} lease(s); all 4 codes scanned`);
    // Still one status message per code, each edited in place.
    expect(statusMessages()).toHaveLength(4);
  }, 200_000);
});
