import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { readEnvExample, readRepoFile } from './files.js';

/**
 * Every variable querydesk reads, from the first column of the environment reference's tables
 * (docs/operations/environment.md), up to the variables set by the launcher and the image, which
 * a person does not set in `.env`.
 */
function documentedVariables(): string[] {
  const page = readRepoFile('docs/operations/environment.md');
  const table = page.slice(0, page.indexOf('## Set by the launcher'));
  const names = table
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .flatMap((l) => [...l.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
  return [...new Set(names)];
}

describe('.env.example', () => {
  const { set, commented } = readEnvExample();
  const named = new Set([...set.keys(), ...commented.keys()]);

  it('names every variable the environment reference documents', () => {
    const documented = documentedVariables();
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((v) => !named.has(v))).toEqual([]);
  });

  it('explains each variable (or each group of related ones) with a comment above it', () => {
    const lines = readRepoFile('.env.example').split('\n');
    const isVariable = (l: string | undefined) => /^(# )?[A-Z][A-Z0-9_]*=/.test(l ?? '');
    lines.forEach((line, i) => {
      if (!isVariable(line)) return;
      let above = i - 1;
      while (isVariable(lines[above])) above--;
      expect(lines[above], line).toMatch(/^# \S/);
    });
  });

  it('starts HTTP mode once copied with only the Slack credentials filled in', () => {
    const env = Object.fromEntries(set);
    const config = readConfig({ ...env, SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' });
    expect(config.mode).toBe('http');
    expect(config.gateway.baseUrl).toBeUndefined();
  });

  it('shows the real defaults in its commented-out lines', () => {
    const base = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' };
    const defaults = readConfig(base);
    for (const [name, value] of commented) {
      // METRICS_PORT's default is "the same as PORT", shown as PORT's default.
      if (name === 'METRICS_PORT') continue;
      expect(readConfig({ ...base, [name]: value }), name).toEqual(defaults);
    }
  });
});
