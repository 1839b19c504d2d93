import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');
/** The drills' own build, apart from `dist/` so a drill never runs (or clobbers) a stale build. */
const OUT = join(ROOT, 'test-artifacts', 'drills', 'dist');
const LOCK = join(ROOT, 'test-artifacts', 'drills', 'build.lock');

/**
 * Compiles src/ once per test run (the workers of one run share the parent's pid) and returns
 * the entry point. Several drill files may ask at once: the first takes the lock and builds.
 */
export async function builtMain(): Promise<string> {
  const marker = join(OUT, `.built-by-${process.ppid}`);
  mkdirSync(join(ROOT, 'test-artifacts', 'drills'), { recursive: true });
  for (;;) {
    if (existsSync(marker)) return join(OUT, 'main.js');
    try {
      mkdirSync(LOCK);
    } catch {
      // Someone else builds; a lock older than 2 minutes was left by a crashed run.
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })!.mtimeMs > 120_000) {
        rmSync(LOCK, { recursive: true, force: true });
      }
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (existsSync(marker)) continue;
      rmSync(OUT, { recursive: true, force: true });
      execFileSync(
        process.execPath,
        [
          join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
          '-p',
          'tsconfig.build.json',
          '--outDir',
          OUT,
        ],
        { cwd: ROOT, stdio: 'inherit' },
      );
      writeFileSync(marker, '');
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}
