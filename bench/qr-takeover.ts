import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { qrDb } from '../src/qr/session-row.js';
import { startSandbox } from '../src/sandbox/index.js';
import { startSlackDouble } from '../src/slack-double/index.js';
import { openStore } from '../src/store/index.js';
import { type BotProcess, spawnBot } from '../test/fakes/bot-process.js';
import { startCheckLog } from '../test/fakes/check-log.js';
import { launcher } from './launcher.js';
import type { BenchResult } from './report.js';
import { round } from './stats.js';

export interface QrTakeoverOptions {
  /** Processes of the bot sharing one SQLite file; 1 means kill -9 and restart. Default 3. */
  processes?: number;
  /** Live codes at the kill. Default 20. */
  codes?: number;
  /** Each status answer is held this long, so the kill finds checks in flight. Default 800 ms. */
  statusDelayMs?: number;
}

/**
 * kill -9 of a real bot process (started by scripts/start.sh) in the middle of live QR codes, then the time
 * until every code that was live is checked again by a living process: from the restarted
 * process's ready (one process) or from the kill (the others are ready already).
 */
export async function qrTakeoverBench(options: QrTakeoverOptions = {}): Promise<BenchResult> {
  const processes = options.processes ?? 3;
  const codes = options.codes ?? 20;
  const closers: (() => Promise<unknown>)[] = [];
  const bots: BotProcess[] = [];
  try {
    const sandbox = await startSandbox({ rateLimitPerSecond: 1000, qrExpireAfterMs: 3_600_000 });
    closers.push(() => sandbox.close());
    const gateway = await startCheckLog(sandbox.url, {
      statusDelayMs: options.statusDelayMs ?? 800,
    });
    closers.push(() => gateway.close());
    const double = await startSlackDouble();
    closers.push(() => double.close());
    const dir = await mkdtemp(join(tmpdir(), 'qd-takeover-'));
    closers.push(() => rm(dir, { recursive: true, force: true }));
    const databaseUrl = `sqlite:${join(dir, 'querydesk.db')}`;
    const store = await openStore(databaseUrl);
    closers.push(() => store.close());
    const env = (i: number) => ({
      SLACK_BOT_TOKEN: double.botToken,
      SLACK_SIGNING_SECRET: double.signingSecret,
      SLACK_API_URL: double.apiUrl,
      GATEWAY_BASE_URL: gateway.url,
      GATEWAY_TOKEN: `bench-${i}`,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
    });
    const spawn = async (i: number) => {
      const run = launcher();
      const bot = await spawnBot(run.args, env(i), { cwd: process.cwd(), command: run.command });
      bots.push(bot);
      return bot;
    };
    const procs = await Promise.all(Array.from({ length: processes }, (_, i) => spawn(i)));
    await Promise.all(
      Array.from({ length: codes }, (_, i) =>
        double.sendCommand(procs[i % processes]!.events, { command: '/qr', text: `take${i}` }),
      ),
    );
    await double.waitFor(
      () =>
        double.messages().filter((m) => m.text.startsWith('QR login for take')).length === codes,
      30_000,
    );
    // A first round of checks (polled: the check log is no part of the double's changes).
    for (let i = 0; i < 600 && gateway.spans().length < codes; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }

    const db = qrDb(store.db);
    const heldBy = async (pid: number) =>
      (
        await db
          .selectFrom('qr_sessions')
          .select('lease_owner')
          .where('lease_until', '>', Date.now())
          .execute()
      ).filter((r) => r.lease_owner?.split(':').at(-2) === String(pid)).length;
    // The victim: whichever process first holds two leases (checks in flight).
    let victim: BotProcess | undefined;
    let held = 0;
    for (let tries = 0; !victim && tries < 400; tries++) {
      for (const p of procs) {
        held = await heldBy(p.pid);
        if (held >= 2) victim = p;
        if (victim) break;
      }
      if (!victim) await new Promise((r) => setTimeout(r, 25));
    }
    victim ??= procs[0]!;
    await victim.kill9();
    const killedAt = Date.now();
    const live = (
      await db
        .selectFrom('qr_sessions')
        .select('session_id')
        .where('watch_state', '=', 'watching')
        .execute()
    ).map((r) => r.session_id);
    const readyAt =
      processes === 1 ? performance.timeOrigin + (await spawn(processes)).readyAt : killedAt;
    const deadline = Date.now() + 90_000;
    let last: number[] = [];
    while (Date.now() < deadline) {
      const rows = await db
        .selectFrom('qr_sessions')
        .select('last_checked_at')
        .where('session_id', 'in', live)
        .execute();
      last = rows.map((r) => Number(r.last_checked_at ?? 0));
      if (last.every((t) => t >= killedAt)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const done = last.length > 0 && last.every((t) => t >= killedAt);
    const slowest = done ? Math.max(...last) - readyAt : Number.NaN;
    return {
      name: `qr: takeover after kill -9, ${processes === 1 ? '1 process restarted' : `${processes} processes, one killed`} (${codes} codes, SQLite)`,
      figures: {
        liveAtKill: live.length,
        leasesHeldByVictim: held,
        everyLiveCodeCheckedAgainMs: round(slowest),
        from: processes === 1 ? 'restarted process ready' : 'kill',
      },
      target: 'every live code checked again within 10000 ms',
      met: done && slowest <= 10_000,
    };
  } finally {
    await Promise.all(bots.map((b) => b.kill9()));
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}
