import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/console/free-port.js';
import { eventually } from '../fakes/eventually.js';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'qd-terminal-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * `npm start` with no Slack variables, as a newcomer runs it: the real process in console mode,
 * stopped with SIGTERM once its URL line is out, so every line it wrote has been flushed.
 */
async function consoleRun(extra: Record<string, string>, name: string): Promise<string[]> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, `${name}.db`)}`,
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c));
  child.stderr.on('data', (c: Buffer) => (stderr += c));
  try {
    await eventually(
      () => stdout.includes('querydesk local console:') || child.exitCode !== null,
      30_000,
      'the console URL line',
    );
  } finally {
    const exited = once(child, 'exit');
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
  expect(stderr).toBe('');
  return stdout.split('\n').filter((line) => line.length > 0);
}

const infoLines = (lines: string[]) => lines.filter((l) => l.includes('"level":30'));

describe('the terminal of a fresh `npm start` in console mode', () => {
  it('shows the URL first and no info-level JSON, even through start-up and shutdown', async () => {
    const lines = await consoleRun({}, 'default');
    expect(lines[0]).toMatch(/^querydesk local console: http:\/\/localhost:\d+\/ /);
    // Start-up ("querydesk started", "local console ready") and SIGTERM ("shutting down") all
    // log at info: none of them reaches the terminal.
    expect(infoLines(lines)).toEqual([]);
  }, 60_000);

  it('still lets LOG_LEVEL=info show the JSON lines for whoever asks', async () => {
    const lines = await consoleRun({ LOG_LEVEL: 'info' }, 'info');
    const messages = infoLines(lines).map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(messages).toEqual(expect.arrayContaining(['local console ready', 'shutting down']));
    expect(lines).toContainEqual(expect.stringMatching(/^querydesk local console: http:/));
  }, 60_000);
});
