import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SlackDouble, startSlackDouble } from '../src/slack-double/index.js';
import { type BotProcess, spawnBot } from './fakes/bot-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const HOOK = join(ROOT, 'test', 'fakes', 'loaded-modules.mjs');

/** What one-workspace HTTP mode with a real gateway must not load before it is used. */
const NOT_AT_IDLE = {
  'the chart stack (Vega, resvg)': /\/node_modules\/(vega|vega-lite|@resvg)\//,
  'the chart builder': /\/src\/ledger\/chart/,
  'the local console': /\/src\/console\//,
  'the Slack double': /\/src\/slack-double\//,
  'the embedded sandbox': /\/src\/sandbox\//,
  'the QR image library': /\/node_modules\/qrcode\//,
  'the CSV writer': /\/node_modules\/csv-stringify\/|\/src\/(audit|exports)\/csv\.ts/,
  'the PostgreSQL driver': /\/node_modules\/pg\//,
  'the Redis client': /\/node_modules\/ioredis\//,
};

describe('what an idle bot has loaded (one workspace, HTTP, a real gateway URL)', () => {
  let double: SlackDouble;
  let bot: BotProcess;
  let gateway: ReturnType<typeof createServer>;
  let dir: string;
  let loaded: string[];

  beforeAll(async () => {
    double = await startSlackDouble();
    gateway = createServer((_req, res) => res.end('{}'));
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    dir = mkdtempSync(join(tmpdir(), 'qd-idle-'));
    const list = join(dir, 'loaded.txt');
    bot = await spawnBot(
      ['--import', 'tsx', '--import', pathToFileURL(HOOK).href, join(ROOT, 'src', 'main.ts')],
      {
        SLACK_BOT_TOKEN: double.botToken,
        SLACK_SIGNING_SECRET: double.signingSecret,
        SLACK_API_URL: double.apiUrl,
        GATEWAY_BASE_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
        GATEWAY_TOKEN: 'idle-test',
        DATABASE_URL: `sqlite:${join(dir, 'qd.db')}`,
        LOG_LEVEL: 'warn',
        LOADED_MODULES_FILE: list,
      },
      { cwd: ROOT },
    );
    // Idle as the load bench measures it (3 s after /healthz there): long enough for anything
    // start-up kicks off in the background to have loaded what it loads.
    await new Promise((r) => setTimeout(r, 2000));
    process.kill(bot.pid, 'SIGUSR2');
    for (let i = 0; i < 100 && !existsSync(list); i++) await new Promise((r) => setTimeout(r, 50));
    loaded = readFileSync(list, 'utf8').split('\n').filter(Boolean);
  }, 60_000);

  afterAll(async () => {
    await bot?.stop();
    await double?.close();
    gateway?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has loaded the bot itself and Bolt (the list is real)', () => {
    expect(loaded.some((u) => u.endsWith('/src/service.ts'))).toBe(true);
    expect(loaded.some((u) => u.includes('/node_modules/@slack/bolt/'))).toBe(true);
  });

  it.each(Object.entries(NOT_AT_IDLE))('has not loaded %s', (_what, pattern) => {
    expect(loaded.filter((u) => pattern.test(u))).toEqual([]);
  });
});
