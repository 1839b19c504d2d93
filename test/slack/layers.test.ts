import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveSource, sourceImports } from '../fakes/source-imports.js';

// src/slack/README.md: listeners (by Slack feature) call flows (by product feature); the plumbing
// under them (HTTP edge, middleware, caches, delivery, the argument parser) serves both and so
// imports neither, and no flow reaches into a listener registry.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SLACK = join(ROOT, 'src', 'slack');

// functions/ (workflow steps) is a listener folder too, once it exists.
const LISTENERS = ['commands', 'actions', 'views', 'shortcuts', 'events', 'functions'];
const FLOWS = [
  'lookup',
  'qr',
  'spend',
  'watches',
  'exports',
  'subscriptions',
  'approvals',
  'audit',
  'settings',
  'oauth',
];
const PLUMBING = ['http-edge', 'middleware', 'caches', 'delivery', 'args'];

const filesIn = (folder: string) =>
  (existsSync(join(SLACK, folder)) ? readdirSync(join(SLACK, folder)) : [])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(SLACK, folder, f));

/** The src/slack folder a file lives in ('' at the top). */
const folderOf = (file: string) => {
  const parts = relative(SLACK, file).split(sep);
  return parts.length > 1 ? (parts[0] ?? '') : '';
};

/** `a.ts imports ../b/c.js` for each relative import of `file` whose target fails `allowed`. */
function offending(file: string, allowed: (target: string) => boolean): string[] {
  return sourceImports(file, readFileSync(file, 'utf8'))
    .filter((i) => i.specifier.startsWith('.'))
    .filter((i) => !allowed(resolveSource(file, i.specifier)))
    .map((i) => `${relative(ROOT, file).split(sep).join('/')} imports ${i.specifier}`);
}

describe('the layers of src/slack', () => {
  it('every folder is one the README names', () => {
    const known = new Set([...LISTENERS, ...FLOWS, ...PLUMBING, 'blocks']);
    const folders = readdirSync(SLACK, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.length).toBeGreaterThan(15);
    expect(folders.filter((f) => !known.has(f))).toEqual([]);
  });

  it('the plumbing imports no listener, no flow and not the app', () => {
    const above = new Set([...LISTENERS, ...FLOWS]);
    // At the top, only what every listener is handed (deps.ts, context.ts) is below the plumbing.
    const shared = new Set(['deps.ts', 'context.ts'].map((f) => join(SLACK, f)));
    const allowed = (t: string) =>
      !t.startsWith(SLACK + sep) ||
      shared.has(t) ||
      (folderOf(t) !== '' && !above.has(folderOf(t)));
    const problems = PLUMBING.flatMap(filesIn).flatMap((f) => offending(f, allowed));
    expect(problems).toEqual([]);
  });

  it('no flow imports a listener registry', () => {
    const registries = new Set(LISTENERS.map((l) => join(SLACK, l, 'index.ts')));
    const problems = FLOWS.flatMap(filesIn).flatMap((f) => offending(f, (t) => !registries.has(t)));
    expect(problems).toEqual([]);
  });
});
