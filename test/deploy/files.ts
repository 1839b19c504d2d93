import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const ROOT = join(import.meta.dirname, '..', '..');

export function readRepoFile(name: string): string {
  return readFileSync(join(ROOT, name), 'utf8');
}

export interface ComposeService {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: unknown };
  volumes?: string[];
  ports?: string[];
  stop_grace_period?: string;
  configs?: { source: string; target: string }[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  configs?: Record<string, { content?: string }>;
}

/** compose.yaml as Compose reads it: YAML merge keys (`<<: *anchor`) applied. */
export function readCompose(): ComposeFile {
  return parse(readRepoFile('compose.yaml'), { merge: true }) as ComposeFile;
}

/**
 * `NAME=value` lines of .env.example, and `# NAME=value` lines (a default shown, commented out).
 */
export function readEnvExample(): { set: Map<string, string>; commented: Map<string, string> } {
  const set = new Map<string, string>();
  const commented = new Map<string, string>();
  for (const line of readRepoFile('.env.example').split('\n')) {
    const m = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!m) continue;
    const value = m[3]!.replace(/^"(.*)"$/, '$1');
    (m[1] ? commented : set).set(m[2]!, value);
  }
  return { set, commented };
}

/** Why a Docker command cannot run here, or undefined when it can. */
export function dockerUnavailable(args: string[]): string | undefined {
  const probe = spawnSync('docker', args, { encoding: 'utf8', timeout: 15_000 });
  if (probe.error) return `docker ${args.join(' ')}: ${probe.error.message}`;
  if (probe.status !== 0) {
    const said = `${probe.stderr}\n${probe.stdout}`.split('\n').find((l) => l.trim()) ?? '';
    return `docker ${args.join(' ')} exited ${probe.status}: ${said}`;
  }
  return undefined;
}
