import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import type { LedgerEntryInput } from './types.js';

/** One journaled charge: the instant it was first tried, and the entry. */
export interface Journaled {
  at: number;
  entry: LedgerEntryInput;
}

/**
 * Appends one line to a journal file and waits for the disk (fsync; the directory too when the
 * file is new), so a line written is a line kept through kill -9 or a power cut.
 */
export function appendDurably(file: string, line: string): void {
  const isNew = !existsSync(file);
  const fd = openSync(file, 'a');
  try {
    writeSync(fd, line);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (isNew) syncDir(dirname(file));
}

/**
 * Replaces a journal file's content with `text` (removes it when empty) without a moment where
 * neither the old nor the new content is on disk: written beside it, fsynced, renamed over it.
 */
export function rewriteDurably(file: string, text: string): void {
  if (text === '') rmSync(file, { force: true });
  else {
    const next = `${file}.next`;
    const fd = openSync(next, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(next, file);
  }
  syncDir(dirname(file));
}

/** Makes a file's creation, rename or removal in `dir` durable. */
export function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some file systems refuse fsync on a directory: the file's own fsync is what they offer.
  }
}

/**
 * Takes over journal files left by processes of this host that are gone (crashed, or stopped with
 * the store away): each is claimed by an atomic rename (one adopter wins), its entries are kept by
 * `keep` (which writes them to this process's own file) before the claimed file is removed.
 * `kind` is the files' prefix (`charges`, `audit`): each journal adopts only its own.
 */
export function adoptOrphanFiles<T = Journaled>(o: {
  kind: string;
  dir: string;
  /** This process's own journal file. */
  file: string;
  host: string;
  keep(item: T): void;
  adopted(from: string): void;
}): void {
  const FILE = new RegExp(`^${o.kind}-(.+)-(\\d+)-[0-9a-f]+\\.jsonl$`);
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
      if (line.trim()) o.keep(JSON.parse(line) as T);
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
