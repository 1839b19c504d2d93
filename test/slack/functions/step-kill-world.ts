import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'vitest';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../../src/slack-double/index.js';
import type { StoreDialect } from '../../../src/store/database.js';
import { botDatabase } from '../../fakes/bot-database.js';

/**
 * What one case of a step's kill -9 test starts for itself (the cases of both stores run at
 * once): a sandbox, a Slack double, a database and a journal directory, each undone when the case
 * ends, last made first, with whatever the case hands `own` meanwhile.
 */
export async function stepKillWorld(
  dialect: StoreDialect,
  onTestFinished: TestContext['onTestFinished'],
) {
  const cleanups: (() => Promise<unknown>)[] = [];
  onTestFinished(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });
  const own = <T>(value: T, undo: (value: T) => Promise<unknown>): T => {
    cleanups.push(() => undo(value));
    return value;
  };
  const sandbox: Sandbox = own(await startSandbox({}), (s) => s.close());
  const double: SlackDouble = own(await startSlackDouble(), (d) => d.close());
  const db = own(await botDatabase(dialect), (d) => d.dispose());
  const journal = own(mkdtempSync(join(tmpdir(), 'qd-step-kill-')), async (dir) =>
    rmSync(dir, { recursive: true, force: true }),
  );
  /** The bot's environment against these, its gateway at `gatewayUrl` (the sandbox's unless given). */
  const env = (token: string, gatewayUrl = sandbox.url) => ({
    SLACK_BOT_TOKEN: double.botToken,
    SLACK_SIGNING_SECRET: double.signingSecret,
    SLACK_API_URL: double.apiUrl,
    DATABASE_URL: db.url,
    GATEWAY_BASE_URL: gatewayUrl,
    GATEWAY_TOKEN: token,
    JOURNAL_DIR: journal,
    LOG_LEVEL: 'debug',
  });
  return { own, sandbox, double, db, env };
}
