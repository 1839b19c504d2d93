import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../fakes/source-files.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');
const DOUBLE = join(SRC, 'slack-double');
const BOT_SLACK = join(SRC, 'slack');

/** Static `from '…'`, side-effect `import '…'` and dynamic `import('…')` specifiers. */
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** The specifiers in `source` (a file at `file`) that resolve into src/slack/. */
function intoBotSlack(file: string, source: string): string[] {
  return [...source.matchAll(SPECIFIER)]
    .map((m) => m[1]!)
    .filter((spec) => spec.startsWith('.'))
    .filter((spec) => {
      const path = relative(BOT_SLACK, resolve(dirname(file), spec));
      return !path.startsWith('..');
    });
}

describe('Slack double independence', () => {
  it('finds an import into src/slack/ when one is written (the check can fail)', () => {
    const file = join(DOUBLE, 'methods', 'views.ts');
    const source = [
      "import { checkView } from '../../slack/blocks/limits.js';",
      "const m = await import('../../slack/slack-signature.js');",
      "import { ApiError } from '../api-error.js';",
      "import { x } from '../../slack-double/state.js';",
    ].join('\n');

    expect(intoBotSlack(file, source)).toEqual([
      '../../slack/blocks/limits.js',
      '../../slack/slack-signature.js',
    ]);
  });

  it('imports nothing from the bot’s src/slack/, so the two check each other', () => {
    const files = sourceFiles(DOUBLE);

    const offenders = files.flatMap((f) =>
      intoBotSlack(f, readFileSync(f, 'utf8')).map((spec) => `${relative(SRC, f)}: ${spec}`),
    );

    expect(files.length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });
});
