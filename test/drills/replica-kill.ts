import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES as X } from '../../src/sandbox/index.js';
import type { SlackDouble } from '../../src/slack-double/index.js';
import { freshSchema } from '../fakes/fresh-schema.js';
import { type BotProcess, until } from './harness/bot-process.js';
import {
  type Fleet,
  qrCodesScanned,
  qrStatusMessages,
  startFleet,
  startQrCodes,
} from './harness/fleet.js';
import { CHANNEL, ledgerTotals, sandboxTotals } from './harness/world.js';

// Drill: one replica of three is killed with SIGKILL (no shutdown, leases not handed back) while
// QR codes, order watches and an export are live, and while it holds the export's lease, a QR
// lease, an order watch's lease and a gateway page request in flight. The other two take them
// over: every code is seen to the end, every watch reports its order's next change once, and the
// export finishes with one CSV, each gateway page bought once.
let db: Awaited<ReturnType<typeof freshSchema>> | undefined;
let fleet: Fleet | undefined;

// 250 orders in pages of 10: the export runs about 25 s (each call held 1 s), long enough for a
// few tries at the moment below.
const SHOP = X.shopOrders.ownerId;
const SIZE = 10;
const PAGES = 25;
const ORDERS = [X.payOrder.lateCallback, X.payOrder.neverCalledBack, X.payOrder.waits].map(
  (o) => o.orderNumber,
);
const EXPORTER = 'UKEXPORT1';

const watchCard = (d: SlackDouble, order: string) =>
  d.messages(CHANNEL).find((m) => !m.ephemeral && !m.threadTs && m.text.includes(order));
const threadOf = (d: SlackDouble, ts: string) =>
  d.messages(CHANNEL).filter((m) => m.threadTs === ts && m.ts !== ts);
const progressMessages = (d: SlackDouble) =>
  d.messages(CHANNEL).filter((m) => !m.ephemeral && m.text.startsWith('Shop orders of'));
const paidQrChecks = (f: Fleet) => f.sandbox.sessions().reduce((n, s) => n + s.paidChecks, 0);
const shopPageCalls = (f: Fleet) => f.sandbox.requests().filter((r) => r.op === 'shopOrders');

async function startWatches(f: Fleet): Promise<void> {
  for (const [i, order] of ORDERS.entries()) {
    await f.double.sendCommand(f.bots[i % f.bots.length]!.events, {
      command: '/payorder',
      text: `watch ${order} ${X.payOrder.merchantNum}`,
      user: `UKW${i}`,
      channel: CHANNEL,
    });
  }
  await until(
    'every order watch card posted',
    () =>
      ORDERS.every((o) =>
        JSON.stringify(watchCard(f.double, o)?.blocks ?? []).includes('Stop watching'),
      ),
    20_000,
  );
}

/** `/shoporders export` → Start export; resolves once its progress message is in the channel. */
async function startExport(f: Fleet, via: BotProcess): Promise<string> {
  await f.double.sendCommand(via.events, {
    command: '/shoporders',
    text: `export ${SHOP} size=${SIZE}`,
    user: EXPORTER,
    channel: CHANNEL,
  });
  const preview = await f.double.waitFor(
    () => f.double.messages().find((m) => m.ephemeral && m.visibleTo === EXPORTER),
    15_000,
  );
  await f.double.sendAction(via.events, {
    actionId: 'qd_export_start',
    channel: preview.channel,
    messageTs: preview.ts,
    user: EXPORTER,
  });
  const progress = await f.double.waitFor(() => progressMessages(f.double)[0], 15_000);
  return progress.ts;
}

interface Held {
  qr: string[];
  watches: string[];
  /** How many pauses of the other two it took. */
  pauses: number;
  /** When the SIGKILL was sent (epoch ms). */
  at: number;
}

/**
 * Finds the replica running the export and kills it (SIGKILL) at a moment it holds the export's
 * lease, at least one QR lease and one order watch lease, and has a gateway page request held
 * by the slow link (so the page is in flight: never charged, since the caller is gone before it
 * reaches the gateway).
 */
async function killMidFlight(f: Fleet, databaseUrl: string): Promise<[BotProcess, Held]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const holds = async (table: string, id: string, pid: number | undefined) =>
    (
      await client.query<{ id: string }>(
        `select ${id} as id from ${table} where lease_owner like $1 and lease_until > $2`,
        [`%:${pid}:%`, Date.now()],
      )
    ).rows.map((r) => r.id);
  try {
    let victim: BotProcess | undefined;
    await until(
      'a replica runs the export with a page stored',
      async () => {
        const { rows } = await client.query<{ lease_owner: string | null; next_page: number }>(
          `select lease_owner, next_page from exports where state = 'running'`,
        );
        const owner = rows[0]?.next_page ? rows[0].lease_owner : null;
        victim = f.bots.find((b) => owner?.includes(`:${b.child.pid}:`));
        return victim !== undefined;
      },
      20_000,
      50,
    );
    const v = victim!;
    const others = f.bots.filter((b) => b !== v);
    const held: Held = { qr: [], watches: [], pauses: 0, at: 0 };
    const holdsAll = async (): Promise<boolean> => {
      const pageInFlight = f
        .link!.held()
        .some((r) => r.path.endsWith('/paging-orders') && r.releaseAt - Date.now() > 250);
      if (!pageInFlight) return false;
      // One client answers one query at a time.
      const exp = await holds('exports', 'export_id', v.child.pid);
      const qr = await holds('qr_sessions', 'session_id', v.child.pid);
      const watches = await holds('order_watches', 'watch_id', v.child.pid);
      if (exp.length === 0 || qr.length === 0 || watches.length === 0) return false;
      v.child.kill('SIGKILL');
      held.at = Date.now();
      held.qr = qr;
      held.watches = watches;
      return true;
    };
    // Left alone, the three replicas share the due QR and watch checks by who claims first, and
    // the export runner holds all four at once only now and then: about a tenth of the time on
    // this machine, and in one CI run not once in 30 s. So the other two are paused (SIGSTOP) for
    // FREEZE_MS at a time, and due work nobody holds goes to the runner; then they run for a
    // second. A pause takes nothing from them: the leases they hold stay theirs (FREEZE_MS is
    // well below a 5 s QR lease less its 1.7 s heartbeat, and below the 5 s without a beat after
    // which a QR watcher counts as dead), and the work they have in hand goes on after it.
    const FREEZE_MS = 1_500;
    await until(
      'the export runner holds a QR lease, a watch lease and a page in flight',
      async () => {
        for (const o of others) o.child.kill('SIGSTOP');
        held.pauses++;
        try {
          const end = Date.now() + FREEZE_MS;
          while (Date.now() < end) {
            if (await holdsAll()) return true;
            await new Promise((r) => setTimeout(r, 20));
          }
          return false;
        } finally {
          for (const o of others) o.child.kill('SIGCONT');
        }
      },
      60_000,
      1_000,
    );
    await v.exited;
    return [v, held];
  } finally {
    await client.end();
  }
}

/**
 * The paid QR checks the gateway answered the victim that its ledger never got: a check answered
 * in the instant before the kill, whose charge the process had not written yet (kill -9 loses
 * what is only in memory: docs/operations/security.md#money). The gateway's paid checks less the
 * ledger's, held to: never negative (nothing written twice), and at most one for each code whose
 * last check before the kill reached the gateway in the two seconds before it. Any code: a check
 * the victim had just finished has given its lease back (with its result) while its charge may
 * still be on its way to the ledger, so the codes it held at the kill are not all it can lose.
 */
function qrChecksLostAtTheKill(
  f: Fleet,
  ledger: { byOperation: Record<string, { charged: number }> },
  held: Held,
): { lost: number; price: number } {
  const gateway = f.sandbox.ledger().byOperation.qrStatus.charged;
  const price = gateway / paidQrChecks(f);
  const lost = (gateway - (ledger.byOperation.qrStatus?.charged ?? 0)) / price;
  const answeredJustBefore = f.sandbox
    .sessions()
    .filter((s) =>
      f.sandbox
        .requests()
        .some(
          (r) =>
            r.op === 'qrStatus' &&
            r.subject === s.sessionId &&
            r.at <= held.at &&
            held.at - r.at < 2_000,
        ),
    );
  expect(Number.isInteger(lost)).toBe(true);
  expect(lost).toBeGreaterThanOrEqual(0);
  expect(lost).toBeLessThanOrEqual(answeredJustBefore.length);
  return { lost, price };
}

async function csvOf(d: SlackDouble, ts: string): Promise<string[][]> {
  const upload = await d.waitFor(
    () => d.messages(CHANNEL).find((m) => m.threadTs === ts && m.files.length > 0),
    120_000,
  );
  const file = await d.waitFor(
    () => d.files().find((x) => x.id === upload.files[0]?.id && x.completed),
    10_000,
  );
  return parse(file.bytes.toString('utf8'), { bom: true }) as string[][];
}

/** The drill, registered by the file that runs the drills one after another. */
export function drill(): void {
  describe('drill: kill -9 of one replica of three', () => {
    beforeAll(async () => {
      db = await freshSchema('qd_drill_kill');
      fleet = await startFleet({
        replicas: 3,
        databaseUrl: db.url,
        // Codes are scanned, and live orders move, only when the drill says so (after the kill):
        // a code scanned by the clock (it was 20 s after creation) ended its checks before the
        // moment below on a busy machine, and the moment never came.
        sandbox: { orderPayAfterMs: 600_000, qrExpireAfterMs: 600_000 },
        // Every gateway call takes ~1 s, so a replica holds its leases for a while during each.
        gatewayDelayMs: 1_000,
        env: {
          // A check answered (1 s through the link) a second before the next is due: between
          // checks a code is free, so the export runner can take one while the others pause.
          QR_POLL_INTERVAL_MS: '2000',
          ORDER_WATCH_INTERVAL_MS: '1000',
          ORDER_WATCH_TIMEOUT_MS: '600000',
          ORDER_CALLBACK_ALERT_MS: '600000',
        },
      });
    }, 90_000);

    afterAll(async () => {
      await fleet?.stop('replica-kill');
      await db?.drop();
    }, 60_000);

    it('leaves its QR codes, order watches and export to the others, which see each to the end once', async () => {
      const f = fleet!;
      await startQrCodes(f, { count: 4, users: 'UKQ' });
      await startWatches(f);
      const exportTs = await startExport(f, f.bots[0]!);
      const [victim, held] = await killMidFlight(f, db!.url);
      const survivors = f.bots.filter((b) => b !== victim);
      const sessions = f.sandbox.sessions().map((s) => s.sessionId);
      expect(sessions).toHaveLength(4);
      const pagesBeforeKill = shopPageCalls(f).length;
      expect(pagesBeforeKill).toBeLessThan(PAGES);

      // Every code is scanned and every live order paid now that the victim is gone: only the
      // survivors can see it.
      for (const id of sessions) expect(f.sandbox.simulateScan(id)).toBe(true);
      for (const order of ORDERS) expect(f.sandbox.moveOrder(order, 'pay')).toBe(true);
      const cards = ORDERS.map((o) => watchCard(f.double, o)!);
      const paidReplies = () =>
        cards.map((c) => threadOf(f.double, c.ts).filter((m) => /^Paid at/.test(m.text)).length);

      // A lease it held stays taken until it runs out (5 s for QR, 15 s for watches and exports).
      const [rows] = await Promise.all([
        csvOf(f.double, exportTs),
        qrCodesScanned(f, 4, 110_000),
        until('every watch reports the payment', () => paidReplies().every((n) => n >= 1), 60_000),
      ]);

      // QR: each scan was seen and stored by a survivor; one status message per code.
      const seenBySurvivors = new Set(
        survivors
          .flatMap((b) => b.logs)
          .filter((l) => l.msg === 'qr status changed')
          .map((l) => String(l.sessionId)),
      );
      expect([...seenBySurvivors].sort()).toEqual([...sessions].sort());
      for (const id of held.qr) expect(seenBySurvivors).toContain(id);
      expect(qrStatusMessages(f.double)).toHaveLength(4);

      // Export: one progress message, finished; one CSV of every order once, uploaded once; each
      // gateway page bought once (the page in flight at the kill never reached the gateway).
      expect(rows).toHaveLength(251);
      expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(250);
      await until(
        'the progress message says finished',
        () => /finished/.test(progressMessages(f.double)[0]?.text ?? ''),
        10_000,
      );
      expect(progressMessages(f.double)).toHaveLength(1);
      expect(progressMessages(f.double)[0]?.text).toMatch(/250 rows, 125 points, 25 pages/);
      expect(threadOf(f.double, exportTs).filter((m) => m.files.length > 0)).toHaveLength(1);
      expect(shopPageCalls(f)).toHaveLength(PAGES);
      expect(f.sandbox.ledger().byOperation.shopOrders).toMatchObject({
        calls: PAGES,
        charged: 5 * PAGES,
      });

      // Watches: three intervals more, and still one reply per order's change, nothing else.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(paidReplies()).toEqual([1, 1, 1]);
      for (const c of cards) expect(threadOf(f.double, c.ts)).toHaveLength(1);

      // The ledger holds exactly what the sandbox charged (QR codes and export pages), but for
      // a QR check answered in the instant before the kill and not yet written.
      const ledger = await ledgerTotals(db!.url);
      const { lost, price } = qrChecksLostAtTheKill(f, ledger, held);
      const charged = sandboxTotals(f.sandbox.ledger());
      charged.byOperation.qrStatus!.charged -= lost * price;
      charged.charged -= lost * price;
      expect(ledger).toEqual(charged);
      console.info(
        `replica kill drill: killed holding ${held.qr.length} QR lease(s), ${held.watches.length} watch lease(s), the export after ${pagesBeforeKill} page(s), after ${held.pauses} pause(s) of the other two; ${lost} QR check(s) answered just before the kill and not written; all 4 codes scanned, 3 watches paid once, export of ${PAGES} pages finished`,
      );
    }, 200_000);
  });
}
