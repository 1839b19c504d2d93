import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startReplica } from '../bench/replica-process.js';
import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../src/slack-double/index.js';
import { type BotProcess, spawnBot } from './fakes/bot-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const X = SANDBOX_EXAMPLES;

/**
 * The bundle `npm start` and the Dockerfile run (scripts/bundle.mjs) is not what the other tests
 * import (they run src/ through tsx): this runs it, built anew, as a user would, through the parts
 * it loads on demand (the sandbox, the QR image, the console page read from disk).
 */
describe('the bundled bot (dist/app/main.js)', () => {
  let double: SlackDouble;
  const bots: BotProcess[] = [];
  let dir: string;
  let main: string;

  beforeAll(async () => {
    const { bundle } = (await import(pathToFileURL(join(ROOT, 'scripts', 'bundle.mjs')).href)) as {
      bundle: () => Promise<string>;
    };
    main = await bundle();
    double = await startSlackDouble();
    dir = mkdtempSync(join(tmpdir(), 'qd-bundle-'));
  }, 60_000);

  afterAll(async () => {
    for (const bot of bots) await bot.stop();
    await double?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("is ASCII throughout, so V8 keeps each file's source at one byte a character", () => {
    // One non-ASCII character (a regex of ours, a name in a licence) doubled the main chunk's
    // 3 MB of source in memory; escapes in the sources and licences kept aside prevent it.
    const files = readdirSync(dirname(main)).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) {
      const bytes = readFileSync(join(dirname(main), f));
      expect(
        bytes.findIndex((b) => b > 0x7f),
        f,
      ).toBe(-1);
    }
  });

  it('answers a command with its card and /qr with the QR image, the limit shared through Redis', async () => {
    const bot = await spawnBot(
      [main],
      {
        SLACK_BOT_TOKEN: double.botToken,
        SLACK_SIGNING_SECRET: double.signingSecret,
        SLACK_API_URL: double.apiUrl,
        DATABASE_URL: `sqlite:${join(dir, 'http.db')}`,
        // ioredis is loaded on demand: its interop once bundled broke where src/ worked.
        REDIS_URL: 'redis://127.0.0.1:6379',
        LOG_LEVEL: 'info',
      },
      { cwd: ROOT },
    );
    bots.push(bot);
    // Logged once start-up is done, which can be just after /readyz first answers.
    await vi.waitFor(
      () => expect(bot.output()).toMatch(/"mode":"http".*"msg":"querydesk started"/),
      { timeout: 5_000 },
    );
    // The production entry point tunes the runtime: start-up's garbage collected before listening
    // (the flag it needs is set from inside).
    expect(bot.output()).toMatch(/"heapUsedMiB":\d+,"msg":"start-up garbage collected"/);
    const ack = await double.sendCommand(bot.events, {
      command: '/payorder',
      text: `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`,
      user: 'U0BUNDLE',
    });
    expect(ack.status).toBe(200);
    const card = await double.waitFor(
      () => double.messages().find((m) => m.visibleTo === 'U0BUNDLE' && /Paid/.test(m.text)),
      10_000,
    );
    expect(card.blocks.length).toBeGreaterThan(0);
    await double.sendCommand(bot.events, { command: '/qr', text: X.account.mediaMark });
    const png = await double.waitFor(
      () => double.files().find((f) => f.name.endsWith('.png') && f.completed),
      10_000,
    );
    expect(png.bytes?.subarray(1, 4).toString('latin1')).toBe('PNG');
    await double.sendCommand(bot.events, {
      command: '/querydesk',
      text: 'status',
      user: 'U0BUNDLE',
    });
    const status = await double.waitFor(
      () => double.messages().find((m) => /querydesk status/.test(JSON.stringify(m.blocks))),
      10_000,
    );
    expect(JSON.stringify(status.blocks)).toContain('shared by every replica through Redis');
  }, 30_000);

  it('serves many-workspace mode: the install routes and a command on the one port, the background thread beside', async () => {
    double.setOAuthClient('1111.2222', 'oauth-client-secret-value');
    const bot = await spawnBot(
      [main],
      {
        SLACK_CLIENT_ID: '1111.2222',
        SLACK_CLIENT_SECRET: 'oauth-client-secret-value',
        SLACK_STATE_SECRET: 'state-secret-value',
        SLACK_SIGNING_SECRET: double.signingSecret,
        SLACK_API_URL: double.apiUrl,
        ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        DATABASE_URL: `sqlite:${join(dir, 'oauth.db')}`,
        LOG_LEVEL: 'info',
      },
      { cwd: ROOT },
    );
    bots.push(bot);
    await vi.waitFor(
      () => expect(bot.output()).toMatch(/"mode":"oauth".*"msg":"querydesk started"/),
      { timeout: 5_000 },
    );
    // The background work runs in the thread started from the bundle's own entry.
    expect(bot.output()).toMatch(/"backgroundThread":true.*"msg":"querydesk started"/);
    expect(bot.output()).toMatch(/"thread":"background","component":"qr-watcher".*"msg":"started"/);
    // The install route (@slack/oauth through the receiver): its redirect and its cookie.
    const install = await fetch(`${bot.events.replace('/slack/events', '')}/slack/install`, {
      redirect: 'manual',
    });
    expect(install.status).toBe(302);
    expect(install.headers.get('set-cookie')).toMatch(/^slack-app-oauth-state=/);
    // A lookup from a team with no installation: acked at once, nothing runs after.
    const ack = await double.sendCommand(bot.events, {
      command: '/payorder',
      text: `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`,
      user: 'U0BUNDLE2',
    });
    expect(ack.status).toBe(200);
  }, 30_000);

  it('started as production and the benchmarks start it (scripts/start.sh), is node with the runtime flags', async () => {
    const bot = await startReplica({
      SLACK_BOT_TOKEN: double.botToken,
      SLACK_SIGNING_SECRET: double.signingSecret,
      SLACK_API_URL: double.apiUrl,
      DATABASE_URL: `sqlite:${join(dir, 'launcher.db')}`,
      LOG_LEVEL: 'warn',
    });
    try {
      // The launcher execs node: the process spawned is the bot, as PID 1 is in the image.
      const argv = readFileSync(`/proc/${bot.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(argv[0]).toMatch(/(^|\/)node$/);
      expect(argv.slice(1)).toEqual(['--max-semi-space-size=1', '--max-old-space-size=512', main]);
      const env = readFileSync(`/proc/${bot.pid}/environ`, 'utf8').split('\0');
      expect(env).toContain('MALLOC_TRIM_THRESHOLD_=65536');
      expect((await fetch(`${bot.base}/healthz`)).status).toBe(200);
      const rss = bot.rssMiB();
      expect(rss).toBeGreaterThan(20);
      // A benchmark's sampler may outlive the process (a run stopped at its limit): it reads the
      // last figure instead of throwing on /proc.
      await bot.stop();
      expect(bot.rssMiB()).toBe(rss);
    } finally {
      await bot.stop();
    }
  }, 30_000);

  it("draws the daily summary's chart through the bundle's chart-child entry", async () => {
    const bot = await spawnBot(
      [main],
      {
        SLACK_BOT_TOKEN: double.botToken,
        SLACK_SIGNING_SECRET: double.signingSecret,
        SLACK_API_URL: double.apiUrl,
        DATABASE_URL: `sqlite:${join(dir, 'summary.db')}`,
        SPEND_SUMMARY_CHANNEL: 'C0BUNDLESUM',
        SPEND_SUMMARY_CRON: '*/5 * * * * *',
        LOG_LEVEL: 'info',
      },
      { cwd: ROOT },
    );
    bots.push(bot);
    const chart = await double.waitFor(
      () => double.files().find((f) => f.channel === 'C0BUNDLESUM' && f.completed),
      30_000,
    );
    expect(chart.bytes?.subarray(1, 4).toString('latin1')).toBe('PNG');
    // Logged just after the upload.
    await vi.waitFor(
      () => expect(bot.output()).toMatch(/"chart":true,"msg":"spend summary posted"/),
      { timeout: 5_000 },
    );
  }, 45_000);

  it('serves the local console page, read from the sources beside the bundle', async () => {
    const bot = await spawnBot(
      [main],
      { DATABASE_URL: `sqlite:${join(dir, 'console.db')}`, LOG_LEVEL: 'warn' },
      { cwd: ROOT },
    );
    bots.push(bot);
    const page = await fetch(`http://127.0.0.1:${bot.port}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
  }, 30_000);
});
