import { randomBytes } from 'node:crypto';
import { freePort } from '../src/console/free-port.js';
import { startSlackDouble } from '../src/slack-double/index.js';
import { startReplica } from './replica-process.js';
import { sandboxProcess } from './sandbox-process.js';
import { liveItems, ownDatabase } from './scale.js';
import { cpuMs } from './scale-figures.js';
import { answerBook } from './scale-flood.js';
import { steadyStream } from './scale-stream.js';
import { installWorkspaces, populateWorld, SCALE_CLIENT } from './scale-world.js';
import { percentile, round } from './stats.js';

/**
 * People's answers while many workspaces make their items and after: every /account and /payorder
 * of a steady stream timed from its sending to its answer reaching the Slack double.
 * `npx tsx bench/answer-queue.ts [appDir] [workspaces] [seconds] [perSecond]`
 */
async function main() {
  const [appDir, ws = '20', secs = '120', rate = '20'] = process.argv.slice(2);
  const workspaces = Number(ws);
  const sandbox = await sandboxProcess({ qrExpireAfterMs: 6 * 3_600_000 });
  const double = await startSlackDouble();
  double.setOAuthClient(SCALE_CLIENT.id, SCALE_CLIENT.secret);
  const db = await ownDatabase();
  const bot = await startReplica(
    {
      SLACK_BOT_TOKEN: '',
      SLACK_CLIENT_ID: SCALE_CLIENT.id,
      SLACK_CLIENT_SECRET: SCALE_CLIENT.secret,
      SLACK_STATE_SECRET: 'scale-state-secret',
      SLACK_SIGNING_SECRET: double.signingSecret,
      SLACK_API_URL: double.apiUrl,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      GATEWAY_BASE_URL: sandbox.url,
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      METRICS_PORT: String(await freePort()),
      QR_WATCH_TIMEOUT_MS: String(3_600_000),
    },
    appDir && appDir !== '.' ? { appDir } : {},
  );
  let rssMax = 0;
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, bot.rssMiB());
  }, 1000);
  try {
    await installWorkspaces(double, bot.base, bot.events, workspaces);
    const book = answerBook(double);
    const asked: { channel: string; sentAt: number }[] = [];
    const t0 = performance.now();
    const cpu0 = cpuMs(bot.pid);
    let madeAt = Number.POSITIVE_INFINITY;
    const shape = { workspaces, qrCodes: 10, watches: 10, subscriptions: 20 };
    const making = populateWorld(double, () => bot.events, shape).then(
      () => {
        madeAt = performance.now();
      },
      (err) => {
        madeAt = performance.now();
        console.error('populate failed', String(err).slice(0, 300));
      },
    );
    const stream = await steadyStream(double, {
      targets: [bot.events],
      workspaces,
      perSecond: Number(rate),
      durationMs: Number(secs) * 1000,
      onLookup: (l) => {
        book.track(l.channel, l.workspace, l.sentAt);
        asked.push({ channel: l.channel, sentAt: l.sentAt });
      },
    });
    await book.settled(
      asked.map((a) => a.channel),
      30_000,
    );
    await Promise.race([making, new Promise((r) => setTimeout(r, 1000))]);
    const phase = (during: boolean) => {
      const mine = asked.filter((a) => a.sentAt < madeAt === during);
      const ms = mine.map((a) => {
        const at = book.get(a.channel)?.answeredAt;
        return at === undefined ? Number.POSITIVE_INFINITY : at - a.sentAt;
      });
      return {
        asked: mine.length,
        over20s: ms.filter((m) => m > 20_000).length,
        unanswered: ms.filter((m) => m === Number.POSITIVE_INFINITY).length,
        p50: round(percentile(ms, 0.5)),
        p90: round(percentile(ms, 0.9)),
        p99: round(percentile(ms, 0.99)),
      };
    };
    const cpuPct = round((100 * (cpuMs(bot.pid) - cpu0)) / (performance.now() - t0));
    const live = await liveItems(db.url);
    console.log(
      JSON.stringify({
        appDir: appDir ?? '.',
        workspaces,
        madeS: madeAt === Number.POSITIVE_INFINITY ? null : round((madeAt - t0) / 1000),
        during: phase(true),
        after: phase(false),
        ackP99: stream.bot.ackP99Ms,
        live,
        rssMax,
        cpuPct,
      }),
    );
    book.off();
  } finally {
    clearInterval(sampler);
    await bot.stop().catch(() => undefined);
    await db.drop().catch(() => undefined);
    await double.close();
    await sandbox.close();
  }
}

await main();
process.exit(0);
