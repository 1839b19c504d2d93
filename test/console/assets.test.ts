import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadPageAssets, PAGE_FILES, pageDir } from '../../src/console/assets.js';
import { CONSOLE_COMMANDS } from '../../src/console/commands.js';

describe('console page files', () => {
  it('serves every module the page imports, and uses no outside resource (works offline)', () => {
    const assets = loadPageAssets();
    const sources = PAGE_FILES.map((name) => assets.get(name)!.body.toString('utf8'));
    const imported = sources.flatMap((s) =>
      [...s.matchAll(/from '\.\/([\w-]+\.js)'/g)].map((m) => m[1]),
    );

    expect(imported.length).toBeGreaterThan(0);
    for (const name of imported) expect(PAGE_FILES).toContain(name);
    for (const s of sources) expect(s).not.toMatch(/(src|href)="https?:/);
    expect(sources.join('\n')).not.toMatch(/\.innerHTML\s*=|insertAdjacentHTML|document\.write/);
    expect(existsSync(`${pageDir()}index.html`)).toBe(true);
  });

  it('offers the eight commands of the contract, with the manifest usage hints when it exists', () => {
    const names = CONSOLE_COMMANDS.map((c) => c.command);
    const manifestPath = new URL('../../manifest.yml', import.meta.url);

    expect(names).toEqual([
      '/payorder',
      '/shoporders',
      '/qr',
      '/account',
      '/coupons',
      '/punishments',
      '/spend',
      '/querydesk',
    ]);
    if (existsSync(manifestPath)) {
      const manifest = parse(readFileSync(manifestPath, 'utf8')) as {
        features?: { slash_commands?: { command: string; usage_hint?: string }[] };
      };
      const listed = manifest.features?.slash_commands ?? [];
      expect(listed.map((c) => c.command).sort()).toEqual([...names].sort());
    }
  });
});
