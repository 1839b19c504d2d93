import { mkdir, rename, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';

export type Figure = number | string | boolean | null;

/** One benchmark's outcome: measured figures, and the target it is held to when it has one. */
export interface BenchResult {
  name: string;
  figures: Record<string, Figure>;
  target?: string;
  met?: boolean;
}

export interface Machine {
  node: string;
  cpus: number;
  platform: string;
}

/** The shape of `bench/results/latest.json` (see CONTRACT.md). */
export interface BenchReport {
  generatedAt: string;
  machine: Machine;
  results: BenchResult[];
}

export function machineInfo(): Machine {
  return {
    node: process.version,
    cpus: cpus().length,
    platform: `${process.platform} ${process.arch}`,
  };
}

export function benchReport(
  results: BenchResult[],
  now: Date,
  machine: Machine = machineInfo(),
): BenchReport {
  return { generatedAt: now.toISOString(), machine, results };
}

const cell = (v: Figure | undefined): string =>
  v === undefined || v === null ? '—' : String(v).replace(/\|/g, '\\|').replace(/\n/g, ' ');

const metWord = (r: BenchResult): string => (r.met === undefined ? '' : r.met ? 'yes' : '**no**');

/** One table: a row per figure, the benchmark's name, target and verdict on its first row. */
export function reportMarkdown(report: BenchReport): string {
  const m = report.machine;
  const lines = [
    '# querydesk benchmarks',
    '',
    `Generated ${report.generatedAt} on Node ${m.node}, ${m.cpus} CPUs, ${m.platform}.`,
    '',
    '| benchmark | figure | value | target | met |',
    '|---|---|---|---|---|',
  ];
  for (const r of report.results) {
    const entries = Object.entries(r.figures);
    const rows = entries.length > 0 ? entries : [['(none)', null] as const];
    rows.forEach(([key, value], i) => {
      const first = i === 0;
      lines.push(
        `| ${first ? cell(r.name) : ''} | ${cell(key)} | ${cell(value)} | ${first ? cell(r.target) : ''} | ${first ? metWord(r) : ''} |`,
      );
    });
  }
  return `${lines.join('\n')}\n`;
}

/** Writes `latest.json` and `latest.md` into `dir` (created), each through a .tmp and a rename. */
export async function writeReport(
  dir: string,
  report: BenchReport,
): Promise<{ json: string; md: string }> {
  await mkdir(dir, { recursive: true });
  const json = join(dir, 'latest.json');
  const md = join(dir, 'latest.md');
  await writeFile(`${json}.tmp`, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(`${md}.tmp`, reportMarkdown(report));
  await rename(`${json}.tmp`, json);
  await rename(`${md}.tmp`, md);
  return { json, md };
}

/** One line per benchmark for stdout. */
export function summaryLines(report: BenchReport): string[] {
  return report.results.map((r) => {
    const verdict = r.met === undefined ? '' : r.met ? ' [target met]' : ' [TARGET MISSED]';
    const figures = Object.entries(r.figures)
      .map(([k, v]) => `${k}=${cell(v)}`)
      .join(' ');
    return `${r.name}${verdict}: ${figures}`;
  });
}
