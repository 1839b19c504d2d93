import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BASE = join(ROOT, 'test-artifacts', 'drills');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Compiles src/ once per test run and returns the entry point. The drills' own build, apart from
 * `dist/`, so a drill never runs a stale build nor clobbers the user's. The workers of one run
 * share the parent's pid: the first to ask takes the lock and builds, the others wait for it.
 */
export async function builtMain(): Promise<string> {
  const out = join(BASE, `dist-${process.ppid}`);
  const done = join(out, '.built');
  const lock = join(BASE, `build-${process.ppid}.lock`);
  mkdirSync(BASE, { recursive: true });
  for (;;) {
    if (existsSync(done)) return join(out, 'main.js');
    try {
      mkdirSync(lock);
    } catch {
      // A lock older than 2 minutes was left by a crashed build.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 120_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (existsSync(done)) continue;
      // Builds of runs that are over.
      for (const name of readdirSync(BASE)) {
        const m = /^dist-(\d+)$/.exec(name);
        if (m && !alive(Number(m[1]))) rmSync(join(BASE, name), { recursive: true, force: true });
      }
      const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
      // Emit only: the files are the same as a checked build's, and checking types is
      // `npm run typecheck`'s work (two thirds of the CPU time here).
      const args = ['-p', 'tsconfig.build.json', '--noCheck', '--outDir', out];
      execFileSync(process.execPath, [tsc, ...args], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      writeFileSync(done, '');
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
