import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../fakes/databases.js';
import { spawnSourceBot } from '../fakes/source-bot.js';
import {
  ASKER,
  cleanedAfterEach,
  click,
  exportAskedOfOwner,
  exportFinished,
  OWNER_EN,
  parts,
  progress,
} from './world.js';

// The bot is killed with SIGKILL between the ask and the approval: the request is in the store,
// so the restarted bot takes the approver's click and starts the export then, once.
const cleanups = cleanedAfterEach();

describe.each(DIALECTS)('an approval request across kill -9 (%s)', (dialect) => {
  it('is approved after the restart and starts the export once', async () => {
    const { sandbox, double, ...p } = await parts(cleanups, dialect);
    const journal = mkdtempSync(join(tmpdir(), 'qd-approval-kill-'));
    cleanups.push(async () => rmSync(journal, { recursive: true, force: true }));
    const env = {
      SLACK_BOT_TOKEN: double.botToken,
      SLACK_SIGNING_SECRET: double.signingSecret,
      SLACK_API_URL: double.apiUrl,
      ...p.env,
      JOURNAL_DIR: journal,
    };
    const first = await spawnSourceBot(env);
    cleanups.push(() => first.kill9());
    const h1 = { double, events: first.events };
    const dm = await exportAskedOfOwner(h1);
    await first.kill9();

    const second = await spawnSourceBot(env);
    cleanups.push(() => second.stop());
    await click({ double, events: second.events }, 'qd_approval_approve', dm, OWNER_EN);
    const message = await exportFinished(double);
    expect(JSON.stringify(message.blocks)).toContain(`<@${ASKER}>`);
    expect(progress(double)).toHaveLength(1);
    expect(sandbox.requests().filter((r) => r.op === 'shopOrders')).toHaveLength(5);
  }, 120_000);
});
