import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES as X } from '../../src/sandbox/index.js';
import type { SlackDouble } from '../../src/slack-double/index.js';
import { freshSchema } from '../fakes/fresh-schema.js';
import { type BotProcess, until } from './harness/bot-process.js';
import { type Fleet, startFleet } from './harness/fleet.js';
import { CHANNEL, ledgerTotals, sandboxTotals } from './harness/world.js';

// Drill: the replica that won an export's Start click is killed with SIGKILL before its progress
// message is posted (Slack is failing its first attempts). The export was left "starting"; the
// other replica leaves it alone for EXPORT_START_GRACE_MS, then posts the message itself and
// runs the export: one message, one CSV, each gateway page bought once.
const GRACE_MS = 3_000;
const EXPORTER = 'UKSTART01';
let db: Awaited<ReturnType<typeof freshSchema>> | undefined;
let fleet: Fleet | undefined;

const progressMessages = (d: SlackDouble) =>
  d.messages(CHANNEL).filter((m) => !m.ephemeral && m.text.startsWith('Shop orders of'));

/** Kills `victim` the moment the export is "starting" (won, its message not yet posted). */
async function killWhileStarting(victim: BotProcess, databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let at = 0;
  try {
    await until(
      'the export is starting',
      async () => {
        const { rows } = await client.query<{ state: string }>('select state from exports');
        if (rows[0]?.state !== 'starting') return false;
        victim.child.kill('SIGKILL');
        at = Date.now();
        return true;
      },
      10_000,
      10,
    );
  } finally {
    await client.end();
  }
  await victim.exited;
  return at;
}

/** The drill, registered by the file that runs the drills one after another. */
export function drill(): void {
  describe('drill: kill -9 between Start export and its progress message', () => {
    beforeAll(async () => {
      db = await freshSchema('qd_drill_start');
      fleet = await startFleet({
        replicas: 2,
        databaseUrl: db.url,
        env: { EXPORT_START_GRACE_MS: String(GRACE_MS) },
      });
    }, 90_000);

    afterAll(async () => {
      await fleet?.stop('export-start-kill');
      await db?.drop();
    }, 60_000);

    it('the other replica takes the export over after the grace: one message, every page bought once', async () => {
      const f = fleet!;
      const [victim, survivor] = f.bots as [BotProcess, BotProcess];
      await f.double.sendCommand(victim.events, {
        command: '/shoporders',
        text: `export ${X.shopOrders.ownerId} size=50`,
        user: EXPORTER,
        channel: CHANNEL,
      });
      const preview = await f.double.waitFor(
        () => f.double.messages().find((m) => m.ephemeral && m.visibleTo === EXPORTER),
        15_000,
      );
      // Slack fails the victim's post while it is killed (its retries would take ~1.5 s); a failure
      // it did not get to falls to the survivor's first attempt, which its client retries.
      f.double.failNext('chat.postMessage', { status: 503 });
      f.double.failNext('chat.postMessage', { status: 503 });
      await f.double.sendAction(victim.events, {
        actionId: 'qd_export_start',
        channel: preview.channel,
        messageTs: preview.ts,
        user: EXPORTER,
      });
      const killedAt = await killWhileStarting(victim, db!.url);
      expect(progressMessages(f.double)).toHaveLength(0);

      const message = await f.double.waitFor(() => progressMessages(f.double)[0], 20_000);
      const postedAt = Date.now();
      const upload = await f.double.waitFor(
        () => f.double.messages(CHANNEL).find((m) => m.threadTs === message.ts && m.files.length),
        30_000,
      );
      const file = await f.double.waitFor(
        () => f.double.files().find((x) => x.id === upload.files[0]?.id && x.completed),
        10_000,
      );
      const rows = parse(file.bytes.toString('utf8'), { bom: true }) as string[][];

      // Not taken from the click before the grace (counted from the click's last word, ≤ the kill).
      expect(postedAt - killedAt).toBeGreaterThan(GRACE_MS - 1_000);
      expect(survivor.logs.map((l) => l.msg)).toContain(
        'export taken over before its progress message',
      );
      expect(rows).toHaveLength(251);
      expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(250);
      await until(
        'the progress message says finished',
        () => /finished: 250 rows/.test(progressMessages(f.double)[0]?.text ?? ''),
        10_000,
      );
      expect(progressMessages(f.double)).toHaveLength(1);
      expect(f.double.messages(CHANNEL).filter((m) => m.files.length > 0)).toHaveLength(1);
      expect(f.sandbox.requests().filter((r) => r.op === 'shopOrders')).toHaveLength(5);
      expect(await ledgerTotals(db!.url)).toEqual(sandboxTotals(f.sandbox.ledger()));
      console.info(
        `export start kill drill: taken over ${postedAt - killedAt} ms after the kill; one message, 5 pages bought once`,
      );
    }, 120_000);
  });
}
