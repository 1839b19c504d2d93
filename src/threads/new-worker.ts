import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's ES module API (`tsx/esm/api` as `import` resolves it; require's is its CommonJS twin). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = JSON.parse(readFileSync(manifest, 'utf8')).exports['./esm/api'];
  return pathToFileURL(join(dirname(manifest), exports.import.default)).href;
}

/**
 * A worker thread running the module `name` beside `base` (a module's `import.meta.url`): the
 * bundle's or tsc's `<name>.js` when running built code, else the TypeScript source with tsx
 * registered inside the thread first (`--import tsx` in a worker's execArgv is not applied on
 * Node 20).
 */
export function newWorker(base: string, name: string, options: WorkerOptions): Worker {
  const built = new URL(`./${name}.js`, base);
  if (base.endsWith('.js') && existsSync(built)) return new Worker(built, options);
  const source = new URL(`./${name}.ts`, base).href;
  const tsx = tsxEsmApi();
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
