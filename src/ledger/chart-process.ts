import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SpendChart } from './chart.js';
import type { SpendChartData, SpendChartLabels } from './chart-spec.js';

/** What chart-child.ts is sent: the chart's numbers, its labels and its size. */
export interface ChartRequest {
  id: number;
  data: SpendChartData;
  labels: SpendChartLabels;
  size: { width?: number; height?: number };
}

/** What chart-child.ts answers for each request. */
export type ChartReply = { id: number } & (
  | { ok: true; png: Uint8Array; width: number; height: number }
  | { ok: false; error: string }
);

/** A chart not back in this time ends the renderer (and fails every chart it was drawing). */
const TIMEOUT_MS = 60_000;
/** How long the renderer waits for another chart (the next workspace's) before it exits. */
const LINGER_MS = 2_000;

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

interface Waiting {
  resolve: (chart: SpendChart) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

interface Renderer {
  child: ChildProcess;
  waiting: Map<number, Waiting>;
  linger?: NodeJS.Timeout;
}

/** Draws spend charts in a process of its own; whoever starts it stops it. */
export interface ChartRenderer {
  render(
    data: SpendChartData,
    labels: SpendChartLabels,
    size?: { width?: number; height?: number },
  ): Promise<SpendChart>;
  /** Ends the renderer now, failing any chart it was drawing; a later chart starts another. */
  stop(): void;
}

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
 * renderSpendChart in a process of its own, which exits once no chart has come for a moment. Drawn
 * in the bot's process, the chart stack stayed resident after the first summary: Vega's modules
 * and resvg's native memory (its font database reads every system font, the CJK ones among them),
 * about 40 MiB that no collection gave back. One renderer at a time per instance: many
 * workspaces' summaries due at the same minute are drawn one after another by one process, not
 * by as many processes at once.
 */
export function createChartRenderer(): ChartRenderer {
  let renderer: Renderer | undefined;
  let nextId = 0;

  const retire = (r: Renderer) => {
    if (renderer === r) renderer = undefined;
    clearTimeout(r.linger);
    if (r.child.connected) r.child.disconnect();
  };

  const start = (): Renderer => {
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
    const r: Renderer = { child, waiting: new Map() };
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (s: string) => {
      if (stderr.length < 4000) stderr += s;
    });
    child.on('message', (m: ChartReply) => {
      const w = r.waiting.get(m.id);
      if (!w) return;
      r.waiting.delete(m.id);
      clearTimeout(w.timer);
      if (m.ok) {
        const png = Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength);
        w.resolve({ png, width: m.width, height: m.height });
      } else {
        w.reject(new Error(m.error));
      }
      if (r.waiting.size > 0) return;
      // Lingering keeps nothing alive: a bot that is stopping exits, and the renderer with it.
      r.linger = setTimeout(() => retire(r), LINGER_MS).unref();
      r.child.unref();
      r.child.channel?.unref();
    });
    const fail = (why: string) => {
      if (renderer === r) renderer = undefined;
      for (const w of r.waiting.values()) {
        clearTimeout(w.timer);
        w.reject(new Error(`the chart process ended without a chart (${why}): ${stderr.trim()}`));
      }
      r.waiting.clear();
    };
    child.once('error', (err) => fail(err.message));
    child.once('exit', (code, signal) => fail(String(signal ?? code)));
    return r;
  };

  return {
    render(data, labels, size = {}) {
      renderer ??= start();
      const r = renderer;
      clearTimeout(r.linger);
      r.child.ref();
      r.child.channel?.ref();
      const id = nextId++;
      return new Promise<SpendChart>((resolve, reject) => {
        const timer = setTimeout(() => r.child.kill('SIGKILL'), TIMEOUT_MS);
        r.waiting.set(id, { resolve, reject, timer });
        r.child.send({ id, data, labels, size } satisfies ChartRequest);
      });
    },
    stop() {
      const r = renderer;
      if (!r) return;
      // The renderer exits when let go of, failing what it was drawing (its exit rejects those).
      retire(r);
    },
  };
}
