import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotProcess, until } from './harness/bot-process.js';
import {
  type Fleet,
  qrCodesScanned,
  qrStatusMessages,
  startFleet,
  startQrCodes,
} from './harness/fleet.js';
import { freshSchema } from './harness/schema.js';

// Drill: one replica of three is killed with SIGKILL (no shutdown, leases not handed back) while
// the QR codes it started are live. The other two finish watching them.
let db: Awaited<ReturnType<typeof freshSchema>> | undefined;
let fleet: Fleet | undefined;

beforeAll(async () => {
  db = await freshSchema('qd_drill_kill');
  fleet = await startFleet({
    replicas: 3,
    databaseUrl: db.url,
    // Scanned 20 s after creation, well after the kill.
    sandbox: { qrScanAfterMs: 20_000 },
    // Status checks take ~1 s, so a replica holds a session's lease for a while during each.
    gatewayDelayMs: 1_000,
    env: { QR_POLL_INTERVAL_MS: '1000' },
  });
}, 90_000);

afterAll(async () => {
  await fleet?.stop('replica-kill');
  await db?.drop();
}, 60_000);

/** Kills `victim` as soon as it holds a QR session's lease (its worker id carries its pid). */
async function killWhileHoldingALease(victim: BotProcess, databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const held: string[] = [];
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
  return held;
}

describe('drill: kill -9 of one replica of three', () => {
  it('leaves its live QR codes to the others, which see them to the end', async () => {
    const f = fleet!;
    const [victim, ...survivors] = f.bots as [BotProcess, BotProcess, BotProcess];
    await startQrCodes(f, { count: 4, users: 'UKQ', via: [victim] });
    const held = await killWhileHoldingALease(victim, db!.url);
    const sessions = f.sandbox.sessions().map((s) => s.sessionId);
    expect(sessions).toHaveLength(4);

    // A session it held stays leased until the lease runs out; then a survivor takes it.
    await qrCodesScanned(f, 4, 110_000);
    // The survivors did it: each scan was seen and stored by one of them.
    const seenBySurvivors = new Set(
      survivors
        .flatMap((b) => b.logs)
        .filter((l) => l.msg === 'qr status changed')
        .map((l) => String(l.sessionId)),
    );
    expect([...seenBySurvivors].sort()).toEqual([...sessions].sort());
    for (const id of held) expect(seenBySurvivors).toContain(id);
    // Still one status message per code, each edited in place.
    expect(qrStatusMessages(f.double)).toHaveLength(4);
    console.info(`replica kill drill: killed holding ${held.length} lease(s); all 4 codes scanned`);
  }, 200_000);
});
