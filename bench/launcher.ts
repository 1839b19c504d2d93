import { join } from 'node:path';

/** A program and its arguments, ready for child_process.spawn. */
export interface Launch {
  command: string;
  args: string[];
}

/**
 * How the benchmarks start the bot: through scripts/start.sh, the launcher `npm start` and the
 * image's CMD run, so each benchmark measures the runtime flags production runs with.
 */
export function launcher(appDir: string = process.cwd()): Launch {
  return { command: 'sh', args: [join(appDir, 'scripts', 'start.sh')] };
}
