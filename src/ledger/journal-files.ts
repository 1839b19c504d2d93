import { readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { LedgerEntryInput } from './types.js';

/** One journaled charge: the instant it was first tried, and the entry. */
export interface Journaled {
  at: number;
  entry: LedgerEntryInput;
}

const FILE = /^charges-(.+)-(\d+)-[0-9a-f]+\.jsonl$/;

/**
 * Takes over journal files left by processes of this host that are gone (crashed, or stopped with
 * the store away): each is claimed by an atomic rename (one adopter wins), its entries are kept by
 * `keep` (which writes them to this process's own file) before the claimed file is removed.
 */
export function adoptOrphanFiles(o: {
  dir: string;
  /** This process's own journal file. */
  file: string;
  host: string;
  keep(item: Journaled): void;
  adopted(from: string): void;
}): void {
  let names: string[];
  try {
    names = readdirSync(o.dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = FILE.exec(name);
    if (!m || join(o.dir, name) === o.file || (m[1] === o.host && alive(Number(m[2])))) continue;
    const taken = `${o.file}.adopting-${name}`;
    try {
      renameSync(join(o.dir, name), taken);
    } catch {
      continue;
    }
    for (const line of readFileSync(taken, 'utf8').split('\n')) {
      if (line.trim()) o.keep(JSON.parse(line) as Journaled);
    }
    rmSync(taken, { force: true });
    o.adopted(name);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
