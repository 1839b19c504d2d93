// The bot as it runs in production (`npm start`, the Dockerfile): src/ bundled by esbuild into
// dist/app/, one file for what every mode loads, a chunk for each thing loaded on demand (the
// console, the sandbox, the Slack double, the PostgreSQL and Redis clients), and an entry for the
// chart's renderer, which runs in a process of its own, and for each worker thread's module.
// Why bundle: an idle bot loaded 1,200 modules (kysely alone 262, zod 95 with every locale);
// each one's source text, module record and function data stayed in the heap. The bundle, with
// whitespace and syntax minified (names kept, so logs and errors read the same), starts in half
// the time and idles 10–15 MiB lower. tsc still type-checks (`npm test`) and builds dist/ for the
// command-line tools (`npm run sandbox`, `ledger:verify`, `rotate-keys`). scripts/start.sh runs it.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Packages with native parts, or optional ones we never install: resolved from node_modules. */
const EXTERNAL = ['better-sqlite3', '@resvg/resvg-js', 'pg-native'];

/**
 * Worker threads' modules, by name, each an entry of its own: a module that starts one with
 * `newWorker(import.meta.url, name, …)` (src/threads/new-worker.ts) looks for `./<name>.js` beside
 * itself, and every entry and chunk of the bundle lands in the one folder, so the entry's name is
 * the name it passes. The form: `'some-worker': 'src/some/some-worker.ts'`.
 */
export const WORKERS = {
  // The background thread (src/background/thread.ts).
  'background-worker': 'src/background/background-worker.ts',
  // The ack thread (src/slack/http-edge/ack-thread.ts).
  'ack-worker': 'src/slack/http-edge/ack-worker.ts',
};

export async function bundle(outdir = join(root, 'dist', 'app')) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: join(root, 'src', 'main.ts'),
      // The chart's renderer runs in a process of its own (src/ledger/chart-process.ts).
      'chart-child': join(root, 'src', 'ledger', 'chart-child.ts'),
      ...Object.fromEntries(
        Object.entries(WORKERS).map(([name, path]) => [name, join(root, path)]),
      ),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    minifyWhitespace: true,
    minifySyntax: true,
    // The licences of what is bundled stay beside it (one .LEGAL.txt per file), out of the code:
    // a single non-ASCII character (a name in a licence) makes V8 hold a whole file's source at
    // two bytes a character, 6 MiB for the main chunk.
    legalComments: 'external',
    sourcemap: 'linked',
    // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __qdRequire } from 'node:module'; const require = __qdRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return join(outdir, 'main.js');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await bundle();
}
