import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { readEnvExample, readRepoFile } from './files.js';

/** Variables of the outside contract not in the README's table yet (their features come later). */
const CONTRACT_ONLY = [
  'ENCRYPTION_KEY_PREVIOUS',
  'ORDER_WATCH_INTERVAL_MS',
  'ORDER_WATCH_TIMEOUT_MS',
  'ORDER_CALLBACK_ALERT_MS',
  'EXPORT_MAX_ROWS',
  'SUBSCRIPTION_MIN_INTERVAL_MS',
];

/** Every variable named in the first column of the README's "Configuration" table. */
function readmeVariables(): string[] {
  const readme = readRepoFile('README.md');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n## '));
  const names = table
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .flatMap((l) => [...l.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
  return [...new Set(names)];
}

describe('.env.example', () => {
  const { set, commented } = readEnvExample();
  const named = new Set([...set.keys(), ...commented.keys()]);

  it('names every variable the README and the contract document', () => {
    const documented = [...readmeVariables(), ...CONTRACT_ONLY];
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
