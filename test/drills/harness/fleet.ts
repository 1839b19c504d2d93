import {
  SANDBOX_EXAMPLES,
  type Sandbox,
  type SandboxOptions,
  startSandbox,
} from '../../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../../src/slack-double/index.js';
import { type BotProcess, spawnBot, until } from './bot-process.js';
import { builtMain } from './build.js';
import { type SlowLink, slowLink } from './slow-link.js';
import { botEnv, CHANNEL } from './world.js';

/** Replica processes of one Slack app, on one database, with the sandbox and the Slack double. */
export interface Fleet {
  sandbox: Sandbox;
  double: SlackDouble;
  bots: BotProcess[];
  /** The slow link in front of the sandbox, when `gatewayDelayMs` was given. */
  link?: SlowLink;
  /** Stops everything; each replica's log is kept as test-artifacts/drills/<name>-<replica>.log. */
  stop(name: string): Promise<void>;
}

export async function startFleet(opts: {
  replicas: number;
  databaseUrl: string;
  sandbox?: SandboxOptions;
  /** Holds every gateway request this long (a slow gateway), so faults land mid-call. */
  gatewayDelayMs?: number;
  env?: Record<string, string>;
}): Promise<Fleet> {
  const main = await builtMain();
  const sandbox = await startSandbox(opts.sandbox);
  const link = opts.gatewayDelayMs ? await slowLink(sandbox.url, opts.gatewayDelayMs) : undefined;
  const double = await startSlackDouble();
  double.addChannel({ id: CHANNEL, name: 'drill' });
  const env = botEnv(double, link?.url ?? sandbox.url, {
    DATABASE_URL: opts.databaseUrl,
    ...opts.env,
  });
  const bots: BotProcess[] = [];
  const stop = async (name: string) => {
    await Promise.all(bots.map((b) => b.stop()));
    for (const b of bots) b.saveLogs(`${name}-${b.name}`);
    await double.close();
    await link?.close();
    await sandbox.close();
  };
  try {
    // One at a time: the first runs the migrations the others then find done.
    for (let i = 1; i <= opts.replicas; i++) bots.push(await spawnBot(main, `replica-${i}`, env));
  } catch (err) {
    await stop('failed-start');
    throw err;
  }
  return { sandbox, double, bots, link, stop };
}

/** The QR status messages in the drill channel. */
export function qrStatusMessages(double: SlackDouble) {
  return double.messages(CHANNEL).filter((m) => /^QR login for /.test(m.text));
}

/** `count` QR codes asked for through `via` (round robin); resolves once all show "not scanned". */
export async function startQrCodes(
  fleet: Fleet,
  opts: { count: number; users: string; via?: BotProcess[] },
): Promise<void> {
  const via = opts.via ?? fleet.bots;
  const before = qrStatusMessages(fleet.double).length;
  for (let i = 0; i < opts.count; i++) {
    await fleet.double.sendCommand(via[i % via.length]!.events, {
      command: '/qr',
      text: SANDBOX_EXAMPLES.account.mediaMark,
      user: `${opts.users}${i}`,
      channel: CHANNEL,
    });
  }
  await until(
    `${opts.count} QR codes shown as not scanned`,
    () =>
      qrStatusMessages(fleet.double)
        .slice(before)
        .filter((m) => /: not scanned/.test(m.text)).length === opts.count,
    20_000,
  );
}

/** Waits until `count` QR status messages say "scanned". */
export function qrCodesScanned(fleet: Fleet, count: number, timeoutMs: number): Promise<void> {
  return until(
    `${count} QR codes shown as scanned`,
    () => qrStatusMessages(fleet.double).filter((m) => /: scanned/.test(m.text)).length === count,
    timeoutMs,
    250,
  );
}

/** Waits until every replica answers `path` with `status`. */
export function allAnswer(bots: BotProcess[], path: string, status: number, timeoutMs: number) {
  return until(
    `every replica answers ${status} on ${path}`,
    async () => (await Promise.all(bots.map((b) => b.status(path)))).every((s) => s === status),
    timeoutMs,
  );
}
