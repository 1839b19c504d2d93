import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/console/free-port.js';

const ROOT = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'qd-journal-dir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `src/main.ts` in its own process, as `npm start` runs it; resolves with how it ended. */
async function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(await freePort()),
      SLACK_BOT_TOKEN: 'xoxb-journal-test',
      SLACK_SIGNING_SECRET: 'journal-test-secret',
      SLACK_API_URL: 'http://127.0.0.1:9/api/',
      DATABASE_URL: `sqlite:${join(dir, 'qd.db')}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c));
  child.stdout!.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, stderrLines: stderr.split('\n').filter((l) => l.trim() !== '') };
}

describe('start-up with a JOURNAL_DIR charges cannot be written to', () => {
  it('stops at once with one line naming JOURNAL_DIR, before serving anything', async () => {
    // A path under a regular file: no process can make a directory there, root included.
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a directory');
    const journal = join(file, 'journal');

    const { code, stderrLines } = await start({ JOURNAL_DIR: journal });

    expect(code).toBe(1);
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toMatch(/^querydesk: JOURNAL_DIR: /);
    expect(stderrLines[0]).toContain(journal);
    expect(stderrLines[0]).toMatch(/not a writable directory \(ENOTDIR\)/);
  }, 40_000);

  it('stops naming JOURNAL_DIR when its path is too long for the lock sockets', async () => {
    const journal = join(dir, 'j'.repeat(80));

    const { code, stderrLines } = await start({ JOURNAL_DIR: journal });

    expect(code).toBe(1);
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toMatch(/^querydesk: JOURNAL_DIR: /);
    expect(stderrLines[0]).toMatch(
      /too long a path for the journal's lock sockets \(at most 68 bytes\)/,
    );
  }, 40_000);
});
