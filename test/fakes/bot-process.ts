import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BotProcess, spawnBot as spawnProcess } from '../../src/bench/bot-process.js';

export type { BotProcess };

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `src/main.ts` through tsx in a process of its own (no build needed), ready to serve. */
export function spawnBot(env: Record<string, string>): Promise<BotProcess> {
  return spawnProcess(['--import', 'tsx', join(ROOT, 'src', 'main.ts')], env, { cwd: ROOT });
}
