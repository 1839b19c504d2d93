import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SpendChart } from './chart.js';
import type { SpendChartData, SpendChartLabels } from './chart-spec.js';

/** What chart-child.ts is sent: the chart's numbers, its labels and its size. */
export interface ChartRequest {
  data: SpendChartData;
  labels: SpendChartLabels;
  size: { width?: number; height?: number };
}

/** What chart-child.ts answers before it exits. */
export type ChartReply =
  | { ok: true; png: Uint8Array; width: number; height: number }
  | { ok: false; error: string };

const TIMEOUT_MS = 60_000;

/** What the renderer may read of the environment: where fonts are, none of the bot's secrets. */
const PASSED = [
  'PATH',
  'HOME',
  'XDG_DATA_HOME',
  'XDG_DATA_DIRS',
  'FONTCONFIG_FILE',
  'FONTCONFIG_PATH',
  'MALLOC_TRIM_THRESHOLD_',
];

/**
 * The renderer beside this file: the bundle's `chart-child.js` (scripts/bundle.mjs) or tsc's
 * output; from the sources (tests, `tsx src/main.ts`) the TypeScript file through tsx.
 */
function childEntry(): { path: string; execArgv: string[] } {
  const built = new URL('./chart-child.js', import.meta.url);
  if (import.meta.url.endsWith('.js') && existsSync(built)) {
    return { path: fileURLToPath(built), execArgv: [] };
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const source = fileURLToPath(new URL('./chart-child.ts', import.meta.url));
  return { path: source, execArgv: ['--import', tsx] };
}

/**
 * renderSpendChart in a process of its own that exits once the PNG is back. Drawn in the bot's
 * process, the chart stack stayed resident after the first summary: Vega's modules and resvg's
 * native memory (its font database reads every system font, the CJK ones among them), about
 * 40 MiB that no collection gave back. Resolves once the process has ended.
 */
export function renderSpendChartApart(
  data: SpendChartData,
  labels: SpendChartLabels,
  size: { width?: number; height?: number } = {},
): Promise<SpendChart> {
  const entry = childEntry();
  const env: Record<string, string> = {};
  for (const key of PASSED) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  const child = fork(entry.path, [], {
    execArgv: entry.execArgv,
    env,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (s: string) => {
    if (stderr.length < 4000) stderr += s;
  });
  return new Promise<SpendChart>((resolve, reject) => {
    let reply: ChartReply | undefined;
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.once('message', (m: ChartReply) => {
      reply = m;
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (reply?.ok) {
        const png = Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength);
        resolve({ png, width: reply.width, height: reply.height });
      } else if (reply) {
        reject(new Error(reply.error));
      } else {
        const why = signal === 'SIGKILL' ? `no answer in ${TIMEOUT_MS / 1000} s` : (signal ?? code);
        reject(new Error(`the chart process ended without a chart (${why}): ${stderr.trim()}`));
      }
    });
    child.send({ data, labels, size } satisfies ChartRequest);
  });
}
