import { type ScaleOptions, scaleBench } from './scale.js';

/**
 * The scale benchmark's place in `npm run bench` (`--only=scale` runs it alone): one replica,
 * then three. `--scale-workspaces=20` and `--scale-seconds=120` shorten it (defaults 100 and 600:
 * the window once every item is live);
 * `--scale-flood=N` is the flooding workspace's burst (default 100).
 */
export function scaleSuite(argv: readonly string[]) {
  const value = (name: string) => {
    const raw = argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`--${name}: ${raw} is not a count`);
    return n;
  };
  const options: ScaleOptions = {
    workspaces: value('scale-workspaces'),
    durationMs: (value('scale-seconds') ?? 600) * 1000,
    floodCommands: value('scale-flood'),
  };
  const workspaces = options.workspaces ?? 100;
  // Installs, the quiet probes (up to two minutes), 40 items per workspace through Slack under the
  // stream, the window (longer while its probes last) and the answers' last 30 s. A ceiling, and a
  // generous one: creation is what a bot whose answers queue stretches most, and a run stopped by
  // its limit reports no figure at all.
  const limitMs = 900_000 + workspaces * 12_000 + (options.durationMs ?? 0);
  return [1, 3].map((replicas) => ({
    name: `scale, ${replicas === 1 ? '1 replica' : `${replicas} replicas`}`,
    limitMs,
    run: (signal: AbortSignal) => scaleBench({ ...options, replicas }, signal),
  }));
}
