import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { runAlive, runSocket } from './journal-lock.js';
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

/** A journal file's name: its kind, host, pid and run (its owner), and when it is one being taken. */
const fileName = (kind: string) =>
  new RegExp(`^${kind}-(.+)-(\\d+)-([0-9a-f]+)(?:\\.adopting-[0-9a-f]+)?\\.jsonl$`);

/** Where a run puts a file it takes from a dead run: named as its own until what it holds is kept. */
function takenName(own: string): string {
  return own.replace(/\.jsonl$/, `.adopting-${randomBytes(4).toString('hex')}.jsonl`);
}

/**
 * Takes over journal files whose run is gone (crashed, killed, or stopped with the store away),
 * whatever its pid and hostname: a run is gone when its lock no longer answers (journal-lock.ts).
 * Each file is claimed by an atomic rename to a name of this run (one adopter wins; a crash
 * mid-way leaves it to whoever outlives this run), its lines handed to `keep` and made durable
 * in this run's own file by `kept` before the claimed file is removed. `kind` is the files'
 * prefix (`charges`, `audit`): each journal adopts only its own.
 */
export async function adoptOrphanFiles(o: {
  kind: string;
  dir: string;
  /** This run's own journal file and id. */
  file: string;
  run: string;
  keep(line: unknown): void;
  /** Whether what was kept is on disk in this run's file (then the claimed file goes). */
  kept(): boolean;
  /** `unreadable`: lines that are not JSON (a write cut short by a crash, never fsynced). */
  adopted(from: string, unreadable: number): void;
}): Promise<void> {
  let names: string[];
  try {
    names = readdirSync(o.dir);
  } catch {
    return;
  }
  const FILE = fileName(o.kind);
  for (const name of names) {
    const owner = FILE.exec(name)?.[3];
    if (!owner || owner === o.run || (await runAlive(o.dir, owner))) continue;
    const taken = takenName(o.file);
    try {
      renameSync(join(o.dir, name), taken);
    } catch {
      continue; // another run took it first
    }
    let unreadable = 0;
    for (const line of readFileSync(taken, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        o.keep(JSON.parse(line));
      } catch {
        unreadable++;
      }
    }
    if (o.kept()) rmSync(taken, { force: true });
    rmSync(runSocket(o.dir, owner), { force: true });
    o.adopted(name, unreadable);
  }
  await removeStaleSockets(o.dir, names, o.run);
}

/** Sockets of runs that died with nothing journaled, which no adoption removes. */
async function removeStaleSockets(dir: string, names: string[], own: string): Promise<void> {
  for (const name of names) {
    const run = /^([0-9a-f]{16})\.sock$/.exec(name)?.[1];
    if (!run || run === own) continue;
    // A socket made this minute may belong to a run still between bind and listen.
    const made = statSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - made < 60_000 || (await runAlive(dir, run))) continue;
    rmSync(join(dir, name), { force: true });
  }
}
