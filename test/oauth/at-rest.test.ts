import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL } from '../fakes/databases.js';
import { freshSchema } from '../fakes/fresh-schema.js';
import { type OAuthBot, startOAuthBot } from './harness.js';

const SLACK_TOKEN = 'xoxb-slack-secret-TA-7e3f9a';
const GATEWAY_TOKEN = 'gw-gateway-secret-Q4Z8K2';

/** The token as written, and in the two encodings a careless store would use. */
function forms(token: string): string[] {
  const b = Buffer.from(token);
  return [token, b.toString('base64'), b.toString('base64url'), b.toString('hex')];
}

function expectNoToken(haystack: string, where: string): void {
  for (const token of [SLACK_TOKEN, GATEWAY_TOKEN]) {
    for (const form of forms(token)) {
      expect(haystack.includes(form), `${where} holds ${token} as ${form}`).toBe(false);
    }
  }
}

let h: OAuthBot | undefined;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await h?.stop();
  h = undefined;
  for (const c of cleanups.splice(0)) await c();
});

/** Installs one workspace and has its admin save a gateway token through the settings form. */
async function installAndConfigure(bot: OAuthBot): Promise<void> {
  expect(await bot.install({ teamId: 'TA', botToken: SLACK_TOKEN })).toBe(200);
  bot.double.addUser({ id: 'UADMIN', isAdmin: true });
  const views = bot.double.views().length;
  await bot.double.sendCommand(bot.events, {
    command: '/querydesk',
    text: 'config',
    user: 'UADMIN',
    team: 'TA',
  });
  const modal = await bot.double.waitFor(() => bot.double.views()[views], 5000);
  await bot.double.sendViewSubmission(bot.events, {
    viewId: modal.id,
    user: 'UADMIN',
    team: 'TA',
    values: { gateway_token: { gateway_token: GATEWAY_TOKEN } },
  });
  await bot.double.waitFor(
    () => bot.double.messages().find((m) => /gateway token/i.test(m.text)),
    8000,
  );
  // It works: the stored token is used for a look-up.
  await bot.double.sendCommand(bot.events, {
    command: '/account',
    text: 'shop-1',
    user: 'UADMIN',
    team: 'TA',
  });
  await bot.double.waitFor(() => bot.double.messages().find((m) => m.ephemeral), 8000);
}

describe('tokens at rest', () => {
  it('SQLite: neither the database file nor its -wal holds a token, nor do the logs or Slack', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-at-rest-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'qd.db');
    h = await startOAuthBot({ DATABASE_URL: `sqlite:${file}` });
    await installAndConfigure(h);

    const db = readFileSync(file).toString('latin1');
    const wal = existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`).toString('latin1') : '';
    expect(db.length + wal.length).toBeGreaterThan(0);
    // The file really holds the rows (the sealed values), so the search means something.
    const sealed = await h.bot.deps.store.db
      .selectFrom('installations')
      .select('bot_token_enc')
      .executeTakeFirstOrThrow();
    expect(db.includes(sealed.bot_token_enc) || wal.includes(sealed.bot_token_enc)).toBe(true);
    expectNoToken(db, 'the SQLite file');
    expectNoToken(wal, 'the SQLite -wal');
    expectNoToken(h.log.text(), 'the log');
    expectNoToken(JSON.stringify(h.double.messages()), 'Slack messages');
  });

  it('PostgreSQL: no table holds a token', async () => {
    const { schema, url, drop } = await freshSchema('qd_at_rest');
    cleanups.push(drop);
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    cleanups.push(() => admin.end());
    h = await startOAuthBot({ DATABASE_URL: url });
    await installAndConfigure(h);

    const tables = await admin.query<{ table_name: string }>(
      'select table_name from information_schema.tables where table_schema = $1',
      [schema],
    );
    expect(tables.rows.map((t) => t.table_name)).toContain('installations');
    let everything = '';
    for (const { table_name } of tables.rows) {
      const rows = await admin.query(`select * from ${schema}."${table_name}"`);
      everything += JSON.stringify(rows.rows);
    }
    expect(everything).toContain('v2.');
    expectNoToken(everything, 'PostgreSQL');
    expectNoToken(h.log.text(), 'the log');
  });
});
