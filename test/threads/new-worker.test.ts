import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { newWorker } from '../../src/threads/new-worker.js';

/** The worker's first message, or what made it fail or exit first. */
function firstMessage(worker: Worker): Promise<unknown> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the worker exited (code ${code})`)));
  });
}

describe('newWorker', () => {
  const workers: Worker[] = [];
  const dirs: string[] = [];

  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.terminate();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('starts a TypeScript worker from the sources through tsx, its options passed on', async () => {
    const worker = newWorker(import.meta.url, 'echo-worker', {
      workerData: { greeting: 'hello from the main thread' },
      resourceLimits: { maxOldGenerationSizeMb: 32 },
    });
    workers.push(worker);
    expect(await firstMessage(worker)).toEqual({
      echo: 'hello from the main thread',
      loaded: 'function',
    });
    expect(worker.resourceLimits?.maxOldGenerationSizeMb).toBe(32);
  });

  it('starts the built ./<name>.js beside a built caller, not its TypeScript source', async () => {
    // The layout of the bundle (dist/app/) or tsc's output: the caller and the worker side by side.
    const dir = mkdtempSync(join(tmpdir(), 'qd-new-worker-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
    const post = (said: string) =>
      `import { parentPort, workerData } from 'node:worker_threads';\nparentPort.postMessage(\`${said} \${workerData}\`);\n`;
    writeFileSync(join(dir, 'echo.js'), post('built'));
    writeFileSync(join(dir, 'echo.ts'), post('source'));
    const worker = newWorker(pathToFileURL(join(dir, 'caller.js')), 'echo', { workerData: 'ok' });
    workers.push(worker);
    expect(await firstMessage(worker)).toBe('built ok');
  });

  it('says which module it looked for when there is none', () => {
    expect(() => newWorker(import.meta.url, 'no-such-worker')).toThrow(
      /no worker module no-such-worker\.js or no-such-worker\.ts beside .*new-worker\.test\.ts/,
    );
  });
});
