import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { type BotProcess, spawnBot, until } from './harness/bot-process.js';
import { builtMain } from './harness/build.js';
import { type Cluster, startCluster } from './harness/postgres-cluster.js';
import { slowLink } from './harness/slow-link.js';
import {
  answersTo,
  botEnv,
  CHANNEL,
  isErrorCard,
  ledgerTotals,
  sandboxTotals,
  sendBurst,
} from './harness/world.js';

// Drill: the database goes away in the middle of a burst of commands and live QR codes, on a
// cluster this test owns (never the machine's shared PostgreSQL), and comes back.
let cluster: Cluster | { skip: string };
let sandbox: Sandbox;
let double: SlackDouble;
let link: Awaited<ReturnType<typeof slowLink>> | undefined;
const bots: BotProcess[] = [];

beforeAll(async () => {
  const main = await builtMain();
  cluster = await startCluster();
  if ('skip' in cluster) return;
  // QR codes turn "scanned" only well after the database is back: the watch must survive it.
  sandbox = await startSandbox({ qrScanAfterMs: 30_000 });
  double = await startSlackDouble();
  double.addChannel({ id: CHANNEL, name: 'drill' });
  // A gateway answering in ~1.5 s: some paid calls are in flight when the database stops, so
  // their charges arrive while it is away.
  link = await slowLink(sandbox.url, 1_500);
  const env = botEnv(double, link.url, {
    DATABASE_URL: cluster.url,
    QR_POLL_INTERVAL_MS: '1000',
  });
  bots.push(await spawnBot(main, 'replica-1', env));
  bots.push(await spawnBot(main, 'replica-2', env));
}, 90_000);

afterAll(async () => {
  await Promise.all(bots.map((b) => b.stop()));
  for (const b of bots) b.saveLogs(`postgres-restart-${b.name}`);
  await double?.close();
  await link?.close();
  await sandbox?.close();
  if (cluster && !('skip' in cluster)) cluster.destroy();
}, 60_000);

const qrMessages = () => double.messages(CHANNEL).filter((m) => /^QR login for /.test(m.text));

describe('drill: PostgreSQL restarted under load', () => {
  it('goes unready and back, answers every command, loses no charge, and QR codes resume', async (ctx) => {
    if ('skip' in cluster) {
      console.warn(`skipped PostgreSQL drill: ${cluster.skip}`);
      ctx.skip(cluster.skip);
      return;
    }
    const db = cluster;
    const targets = () => bots.map((b) => b.events);

    // Three live QR codes, watched from the store.
    for (let i = 0; i < 3; i++) {
      await double.sendCommand(bots[i % 2]!.events, {
        command: '/qr',
        text: SANDBOX_EXAMPLES.account.mediaMark,
        user: `UQR${i}`,
        channel: CHANNEL,
      });
    }
    await until(
      'three QR codes not scanned',
      () => qrMessages().filter((m) => /: not scanned/.test(m.text)).length === 3,
      20_000,
    );

    // A burst of 30 commands over ~12 s; the database stops 3 s in and is away for ~8 s.
    const burst = sendBurst(double, targets, { count: 30, spacingMs: 400, users: 'UPG' });
    await new Promise((r) => setTimeout(r, 3_000));
    db.stop();
    const downAt = Date.now();
    await until(
      'both replicas report 503 on /readyz',
      async () => {
        const s = await Promise.all(bots.map((b) => b.status('/readyz')));
        return s.every((x) => x === 503);
      },
      15_000,
    );
    // Still alive: liveness is not readiness.
    expect(await Promise.all(bots.map((b) => b.status('/healthz')))).toEqual([200, 200]);
    await new Promise((r) => setTimeout(r, Math.max(0, 8_000 - (Date.now() - downAt))));
    db.start();
    await until(
      'both replicas report 200 on /readyz',
      async () => {
        const s = await Promise.all(bots.map((b) => b.status('/readyz')));
        return s.every((x) => x === 200);
      },
      20_000,
    );

    // Every command got an answer; where the store was needed and away, it says to try again.
    const sent = await burst;
    expect(sent.every((s) => s.ackStatus === 200)).toBe(true);
    const users = sent.map((s) => s.user);
    await until(
      'every command answered',
      () => [...answersTo(double, users).values()].every((a) => a.length > 0),
      60_000,
    ).catch((err: Error) => {
      const missing = [...answersTo(double, users)].filter(([, a]) => a.length === 0);
      const who = missing.map(([u]) => sent.find((s) => s.user === u)?.command ?? u);
      throw new Error(`${err.message}; unanswered: ${who.join(', ')}`);
    });
    const answers = answersTo(double, users);
    const finals = users.map((u) => answers.get(u)!.at(-1)!);
    const failed = finals.filter(isErrorCard);
    for (const m of failed) expect(m.text).toMatch(/try again/i);
    expect(finals.length - failed.length).toBeGreaterThan(0);

    // QR codes resume: each status message reaches "scanned" once the sandbox says so.
    await until(
      'three QR codes scanned',
      () => qrMessages().filter((m) => /: scanned/.test(m.text)).length === 3,
      110_000,
      500,
    );

    // No charge the gateway reported is missing, and none is counted twice.
    const want = sandboxTotals(sandbox.ledger());
    await until(
      'ledger equals the sandbox',
      async () => JSON.stringify(await ledgerTotals(db.url)) === JSON.stringify(want),
      20_000,
      500,
    ).catch(() => {}); // the assertion below shows the difference
    expect(await ledgerTotals(db.url)).toEqual(want);
    const journaled = bots
      .flatMap((b) => b.logs)
      .filter((l) => l.msg === 'ledger unavailable; charge journaled').length;
    console.info(
      `PostgreSQL drill: ${failed.length}/${finals.length} commands told to try again; ${journaled} charges journaled and replayed; ledger ${want.charged} points charged = sandbox`,
    );
  }, 240_000);
});
