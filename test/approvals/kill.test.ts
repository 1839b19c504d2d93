import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { DEFAULT_CHANNEL, startSlackDouble } from '../../src/slack-double/index.js';
import { botDatabase } from '../fakes/bot-database.js';
import { DIALECTS } from '../fakes/databases.js';
import { spawnSourceBot } from '../fakes/source-bot.js';
import {
  ASKER,
  ask,
  click,
  configure,
  OWNER_EN,
  people,
  previewOf,
  progress,
  SHOP,
} from './world.js';

// The bot is killed with SIGKILL between the ask and the approval: the request is in the store,
// so the restarted bot takes the approver's click and starts the export then, once.
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups = [];
});

describe.each(DIALECTS)('an approval request across kill -9 (%s)', (dialect) => {
  it('is approved after the restart and starts the export once', async () => {
    const sandbox = await startSandbox({ rateLimitPerSecond: 1000 });
    cleanups.push(() => sandbox.close());
    const double = await startSlackDouble();
    cleanups.push(() => double.close());
    const db = await botDatabase(dialect);
    cleanups.push(() => db.dispose());
    const journal = mkdtempSync(join(tmpdir(), 'qd-approval-kill-'));
    cleanups.push(async () => rmSync(journal, { recursive: true, force: true }));
    const env = {
      SLACK_BOT_TOKEN: double.botToken,
      SLACK_SIGNING_SECRET: double.signingSecret,
      SLACK_API_URL: double.apiUrl,
      DATABASE_URL: db.url,
      GATEWAY_BASE_URL: sandbox.url,
      GATEWAY_TOKEN: 'sandbox-token',
      JOURNAL_DIR: journal,
    };
    people(double);
    const first = await spawnSourceBot(env);
    cleanups.push(() => first.kill9());
    const h1 = { double, events: first.events };
    await configure(h1, { above: '0', approvers: [OWNER_EN] }, 'U0ADMINZH');
    const preview = await previewOf(h1, '/shoporders', `export ${SHOP} size=50`);
    const [dm] = await ask(h1, preview, [OWNER_EN]);
    await first.kill9();

    const second = await spawnSourceBot(env);
    cleanups.push(() => second.stop());
    await click({ double, events: second.events }, 'qd_approval_approve', dm!, OWNER_EN);
    const message = await double.waitFor(() => progress(double)[0], 15_000);
    expect(JSON.stringify(message.blocks)).toContain(`<@${ASKER}>`);
    await double.waitFor(
      () =>
        double.messages(DEFAULT_CHANNEL).find((m) => m.threadTs === message.ts && m.files.length),
      30_000,
    );
    expect(progress(double)).toHaveLength(1);
    expect(sandbox.requests().filter((r) => r.op === 'shopOrders')).toHaveLength(5);
  }, 120_000);
});
