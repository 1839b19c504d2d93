import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoreDialect } from '../../src/store/database.js';
import { freshSchema } from './fresh-schema.js';

/**
 * A DATABASE_URL that two bots started one after the other (a restart) share: a SQLite file in a
 * fresh directory, or a fresh PostgreSQL schema put first on the search path. `dispose` removes it.
 */
export async function botDatabase(
  dialect: StoreDialect,
): Promise<{ url: string; dispose(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'qd-bot-db-'));
    return {
      url: `sqlite:${join(dir, 'qd.db')}`,
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const { url, drop } = await freshSchema('qd_bot');
  return { url, dispose: drop };
}
