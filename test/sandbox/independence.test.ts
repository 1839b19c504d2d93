import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles as sources } from '../fakes/source-files.js';

const root = join(import.meta.dirname, '../../src/sandbox');

describe('sandbox independence', () => {
  it('imports nothing from the gateway client, so the two check each other', () => {
    const files = sources(root);

    const offenders = files.filter((f) =>
      /from\s+['"][^'"]*\/gateway\//.test(readFileSync(f, 'utf8')),
    );

    expect(files.length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });

  it('never calls Math.random', () => {
    const users = sources(root).filter((f) => readFileSync(f, 'utf8').includes('Math.random'));

    expect(users).toEqual([]);
  });
});
