import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveSource, sourceImports } from '../../fakes/source-imports.js';

// Block Kit builders stay pure and below the listeners: a file in src/slack/blocks imports only
// other builders and layers outside src/slack, and nothing it loads (followed through every
// import that survives compilation) opens a file, a socket, a database or a logger.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SLACK = join(ROOT, 'src', 'slack');
const BLOCKS = join(SLACK, 'blocks');

/** Packages and built-ins that do I/O (or hold a client that does). */
const IO_MODULES = new Set([
  ...builtinModules.filter((m) =>
    /^(fs|net|http|https|http2|tls|dgram|dns|child_process|cluster|worker_threads)(\/|$)/.test(m),
  ),
  'undici',
  'pg',
  'ioredis',
  'better-sqlite3',
  'kysely',
  'pino',
  'prom-client',
  'qrcode',
  '@resvg/resvg-js',
  '@slack/bolt',
  '@slack/web-api',
]);

const inside = (dir: string, file: string) => file.startsWith(dir + sep);
const shown = (file: string) => relative(ROOT, file).split(sep).join('/');

/** Relative imports of a builder that reach into src/slack outside blocks/. */
function upwardImports(file: string, text: string): string[] {
  return sourceImports(file, text)
    .filter((i) => i.specifier.startsWith('.'))
    .filter((i) => {
      const target = resolveSource(file, i.specifier);
      return inside(SLACK, target) && !inside(BLOCKS, target);
    })
    .map((i) => `${shown(file)} imports ${i.specifier}`);
}

/** Every I/O module loaded at run time from `start`, with the chain of files that loads it. */
function ioReachedFrom(start: string): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of sourceImports(file, readFileSync(file, 'utf8'))) {
      if (i.typeOnly) continue;
      if (i.specifier.startsWith('.')) {
        walk(resolveSource(file, i.specifier), [...chain, shown(file)]);
        continue;
      }
      const bare = i.specifier.replace(/^node:/, '');
      if (IO_MODULES.has(bare) || IO_MODULES.has(i.specifier)) {
        problems.push(`${[...chain, shown(file)].join(' → ')} loads ${i.specifier}`);
      }
    }
  };
  walk(start, []);
  return problems;
}

const blockFiles = readdirSync(BLOCKS)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => join(BLOCKS, f));

describe('Block Kit builders (src/slack/blocks)', () => {
  it('import nothing from the listeners, flows or plumbing of src/slack', () => {
    expect(blockFiles.length).toBeGreaterThan(30);
    const problems = blockFiles.flatMap((f) => upwardImports(f, readFileSync(f, 'utf8')));
    expect(problems).toEqual([]);
  });

  it('load no module that does I/O, directly or through what they import', () => {
    const problems = [...new Set(blockFiles.flatMap(ioReachedFrom))];
    expect(problems).toEqual([]);
  });

  it('the checks name an import that reaches up or loads a store', () => {
    const file = join(BLOCKS, 'example-card.ts');
    const text = [
      "import type { types } from '@slack/bolt';",
      "import { pointsWord } from '../spend/format.js';",
      "export { x } from '../values.js';",
      "import { plain } from './limits.js';",
      "import type { AuditEntry } from '../../audit/audit-entry.js';",
    ].join('\n');
    expect(upwardImports(file, text)).toEqual([
      'src/slack/blocks/example-card.ts imports ../spend/format.js',
      'src/slack/blocks/example-card.ts imports ../values.js',
    ]);
    // Opening the store loads the database drivers: a builder that did would be caught.
    const store = ioReachedFrom(join(ROOT, 'src', 'store', 'open-store.ts'));
    expect(store).toContainEqual(
      expect.stringMatching(/^src\/store\/.* loads (kysely|better-sqlite3|pg)$/),
    );
  });
});
