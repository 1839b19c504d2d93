import { loadavg } from 'node:os';
import { freePort } from '../src/console/free-port.js';
import { startSlackDouble } from '../src/slack-double/index.js';
import { startReplica } from './replica-process.js';
import { sandboxProcess } from './sandbox-process.js';
import { answerBook, type Phase, phaseFigures } from './scale-answers.js';
import { cpuMs } from './scale-figures.js';
import { populateWorld } from './scale-populate.js';
import { liveItems, ownDatabase, scaleBotEnv } from './scale-setup.js';
import { steadyStream } from './scale-stream.js';
import { installWorkspaces, SCALE_CLIENT, subscriptionOwner } from './scale-world.js';
import { round } from './stats.js';

/**
 * People's answers while many workspaces make their items and after: every command of the scale
 * benchmark's steady stream timed from its sending to its answer reaching the Slack double, one
 * replica through scripts/start.sh on PostgreSQL. `appDir` runs another checkout's build, so two
 * versions can be alternated in one sitting.
 * `npx tsx bench/answer-queue.ts [appDir] [workspaces] [seconds] [perSecond]`
 */
async function main() {
  const [appDir, ws = '20', secs = '90', rate = '20'] = process.argv.slice(2);
  const workspaces = Number(ws);
  const shape = { workspaces, qrCodes: 10, watches: 10, subscriptions: 20, every: '60s' };
  const load0 = loadavg()[0]!;
  const sandbox = await sandboxProcess({
    qrExpireAfterMs: 6 * 3_600_000,
    extraShopOwnerIds: Array.from({ length: shape.subscriptions }, (_, i) => subscriptionOwner(i)),
  });
  const double = await startSlackDouble();
  double.setOAuthClient(SCALE_CLIENT.id, SCALE_CLIENT.secret);
  const db = await ownDatabase();
  const bot = await startReplica(
    scaleBotEnv(double, sandbox.url, db.url, {
      METRICS_PORT: String(await freePort()),
      ORDER_WATCH_INTERVAL_MS: '60000',
      SUBSCRIPTION_MIN_INTERVAL_MS: '60000',
      QR_WATCH_TIMEOUT_MS: String(3_600_000),
    }),
    appDir && appDir !== '.' ? { appDir } : {},
  );
  let rssMax = 0;
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, bot.rssMiB());
  }, 1000);
  try {
    await installWorkspaces(double, bot.base, bot.events, workspaces);
    const book = answerBook(double);
    const t0 = performance.now();
    const cpu0 = cpuMs(bot.pid);
    let phase: Phase = 'creation';
    let madeS: number | null = null;
    const making = populateWorld(double, () => bot.events, shape).then(
      (made) => {
        phase = 'live';
        madeS = round((performance.now() - t0) / 1000);
        return made.notMade;
      },
      (err) => {
        phase = 'live';
        console.error('populate failed', String(err).slice(0, 300));
        return null;
      },
    );
    const stream = await steadyStream(double, {
      targets: [bot.events],
      workspaces,
      perSecond: Number(rate),
      until: () => performance.now() - t0 > Number(secs) * 1000,
      prefix: 'A',
      book,
      phase: () => phase,
    });
    const cpuPct = round((100 * (cpuMs(bot.pid) - cpu0)) / (performance.now() - t0));
    await book.settled(30_000);
    const notMade = await Promise.race([making, new Promise((r) => setTimeout(r, 1000))]);
    const asked = book.asked();
    console.log(
      JSON.stringify({
        appDir: appDir ?? '.',
        workspaces,
        load: [round(load0), round(loadavg()[0]!)],
        madeS,
        notMade,
        during: phaseFigures(asked, 'creation', ''),
        after: phaseFigures(asked, 'live', ''),
        ackP99: stream.bot.ackP99Ms,
        live: await liveItems(db.url),
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
