import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's ES module API (`tsx/esm/api` as `import` resolves it; require's is its CommonJS twin). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = JSON.parse(readFileSync(manifest, 'utf8')).exports['./esm/api'];
  return pathToFileURL(join(dirname(manifest), exports.import.default)).href;
}

/**
 * A worker thread running the module `name` beside the caller, `base` being the caller's
 * `import.meta.url`: built (the bundle, scripts/bundle.mjs, or tsc's output) it is `./<name>.js`,
 * so the bundle has an entry of that name; from the sources (tests, `tsx src/main.ts`) it is
 * `./<name>.ts`, with tsx registered inside the thread first, because `--import tsx` in a
 * worker's execArgv is not applied on Node 20. Throws when neither file is there.
 */
export function newWorker(base: URL | string, name: string, options: WorkerOptions = {}): Worker {
  const from = String(base);
  const built = new URL(`./${name}.js`, from);
  if (from.endsWith('.js') && existsSync(built)) return new Worker(built, options);
  const source = new URL(`./${name}.ts`, from);
  if (!existsSync(source)) {
    throw new Error(`no worker module ${name}.js or ${name}.ts beside ${fileURLToPath(from)}`);
  }
  const tsx = JSON.stringify(tsxEsmApi());
  const boot = `import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
