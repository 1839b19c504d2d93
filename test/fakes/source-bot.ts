import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BotProcess, spawnBot } from './bot-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `src/main.ts` through tsx in a process of its own (no build needed), ready to serve. */
export function spawnSourceBot(env: Record<string, string>): Promise<BotProcess> {
  return spawnBot(['--import', 'tsx', join(ROOT, 'src', 'main.ts')], env, { cwd: ROOT });
}
