// `npm start`: compiles only when a source is newer than the last build, then runs the bot in
// this same process (one Node start-up, not two).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');

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
  ...['tsconfig.json', 'tsconfig.build.json', 'package.json'].map(
    (f) => statSync(join(root, f)).mtimeMs,
  ),
);
if (!existsSync(stamp) || statSync(stamp).mtimeMs < inputs) {
  process.stderr.write('querydesk: sources changed since the last build; compiling…\n');
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const built = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}
await import(pathToFileURL(join(root, 'dist', 'main.js')).href);
