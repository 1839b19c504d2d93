import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { warningsIn } from '../../bench/replica-process.js';

describe("a bot's log read after a benchmark", () => {
  const dir = mkdtempSync(join(tmpdir(), 'qd-warnings-'));

  it('counts warnings and errors by message, most frequent first, and skips the rest', () => {
    const file = join(dir, 'bot.log');
    const line = (level: number, msg: string) => JSON.stringify({ level, msg, app: 'querydesk' });
    writeFileSync(
      file,
      [
        line(30, 'gateway call'),
        line(40, 'qr status check failed'),
        line(40, 'lease lost; its work stops'),
        'not json at all',
        '{"level": 40, "msg": "cut off',
        line(50, 'lease lost; its work stops'),
        line(60, 'lease lost; its work stops'),
        '',
      ].join('\n'),
    );
    expect(warningsIn(file)).toBe('lease lost; its work stops: 3; qr status check failed: 1');
  });

  it('says none when there are none, and no log when there is no file', () => {
    const file = join(dir, 'quiet.log');
    writeFileSync(file, `${JSON.stringify({ level: 30, msg: 'started' })}\n`);
    expect(warningsIn(file)).toBe('none');
    expect(warningsIn(join(dir, 'absent.log'))).toBe('no log');
  });
});
