import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { type BotProcess, spawnBot } from '../fakes/bot-process.js';
import { eventually } from '../fakes/eventually.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const HOOK = join(ROOT, 'test', 'fakes', 'loaded-modules.mjs');
const CHANNEL = 'C0SUMMARY1';

/** The chart stack, whose memory stayed in the bot once a summary had been drawn in it. */
const CHART_STACK =
  /\/node_modules\/(vega|vega-lite|vega-[a-z-]+|@resvg)\/|\/src\/ledger\/chart(-spec)?\.ts$/;

describe('a daily summary drawn by the bot (one workspace, HTTP)', () => {
  let double: SlackDouble;
  let bot: BotProcess;
  let gateway: ReturnType<typeof createServer>;
  let dir: string;
  let loaded: string[];
  let chart: Buffer;
  let childless: boolean;

  beforeAll(async () => {
    double = await startSlackDouble();
    gateway = createServer((_req, res) => res.end('{}'));
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    dir = mkdtempSync(join(tmpdir(), 'qd-chart-apart-'));
    const list = join(dir, 'loaded.txt');
    bot = await spawnBot(
      ['--import', 'tsx', '--import', pathToFileURL(HOOK).href, join(ROOT, 'src', 'main.ts')],
      {
        SLACK_BOT_TOKEN: double.botToken,
        SLACK_SIGNING_SECRET: double.signingSecret,
        SLACK_API_URL: double.apiUrl,
        GATEWAY_BASE_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
        GATEWAY_TOKEN: 'chart-apart-test',
        DATABASE_URL: `sqlite:${join(dir, 'qd.db')}`,
        LOG_LEVEL: 'warn',
        LOADED_MODULES_FILE: list,
        SPEND_SUMMARY_CHANNEL: CHANNEL,
        // A leading seconds field: a run every 5 s, so the first summary comes soon.
        SPEND_SUMMARY_CRON: '*/5 * * * * *',
      },
      { cwd: ROOT },
    );
    const file = await eventually(
      () => double.files().find((f) => f.channel === CHANNEL && f.bytes.length > 0),
      90_000,
      "the summary's chart in the channel",
    );
    chart = file.bytes;
    // The renderer exits once no chart has come for a moment (a summary runs every 5 s here).
    const children = () => readFileSync(`/proc/${bot.pid}/task/${bot.pid}/children`, 'utf8').trim();
    childless = await eventually(() => children() === '', 20_000, 'the renderer to exit');
    process.kill(bot.pid, 'SIGUSR2');
    await eventually(() => existsSync(list), 5_000, 'the list of loaded modules');
    loaded = readFileSync(list, 'utf8').split('\n').filter(Boolean);
  }, 120_000);

  afterAll(async () => {
    await bot?.stop();
    await double?.close();
    gateway?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('posts the chart as a 720 × 360 PNG', () => {
    const png = PNG.sync.read(chart);

    expect([png.width, png.height]).toEqual([720, 360]);
  });

  it('drew it in a process that has ended: the chart stack is not in the bot', () => {
    expect(childless).toBe(true);
    expect(loaded.some((u) => u.endsWith('/src/jobs/send-summary.ts'))).toBe(true);
    expect(loaded.filter((u) => CHART_STACK.test(u))).toEqual([]);
  });
});
