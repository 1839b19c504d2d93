// `node --import tsx --import ./loaded-modules.mjs …`: on SIGUSR2 the process writes every module
// it has loaded (ESM URLs seen by the loader below, and CommonJS files in require.cache), one a
// line, to $LOADED_MODULES_FILE. For tests that check what a mode leaves unloaded.
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const seen = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => seen.add(url));
port1.unref();
register('./loaded-modules-loader.mjs', import.meta.url, {
  data: { port: port2 },
  transferList: [port2],
});
const require = createRequire(import.meta.url);
process.on('SIGUSR2', () => {
  const cjs = Object.keys(require.cache).map((path) => `file://${path}`);
  // Written aside and renamed, so a reader polling for the file never sees half of it.
  const file = process.env.LOADED_MODULES_FILE;
  writeFileSync(`${file}.part`, `${[...seen, ...cjs].join('\n')}\n`);
  renameSync(`${file}.part`, file);
});
