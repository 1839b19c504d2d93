// `npm start`: bundles only when a source is newer than the last bundle (scripts/bundle.mjs
// writes every file anew, so dist/app/main.js is as old as the bundle; it takes about a second),
// then runs the bot in this same process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'app', 'main.js');

/** The newest modification time under `dir` (files only). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const inputs = Math.max(
  newest(join(root, 'src')),
  ...['tsconfig.json', 'package.json', 'package-lock.json', join('scripts', 'bundle.mjs')].map(
    (f) => statSync(join(root, f)).mtimeMs,
  ),
);
if (!existsSync(built) || statSync(built).mtimeMs < inputs) {
  process.stderr.write('querydesk: sources changed since the last build; bundling…\n');
  // In a process of its own: esbuild's service is not kept alive beside the bot.
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'bundle.mjs')], {
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
await import(pathToFileURL(built).href);
