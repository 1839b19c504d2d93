import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/console/free-port.js';

const ROOT = join(import.meta.dirname, '..', '..');

// compose.yaml's second replica in console mode: the console and its Slack double live in one
// process, so this one must run no bot at all, and say so.
let child: ChildProcess;
let base: string;
let output = '';

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'main.ts')], {
    cwd: ROOT,
    // No Slack variables: console mode.
    env: { PATH: process.env.PATH ?? '', PORT: String(port), CONSOLE_STANDBY: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const s of [child.stdout!, child.stderr!]) s.on('data', (c: Buffer) => (output += c));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`standby did not answer /healthz:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}, 30_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

describe('console mode with CONSOLE_STANDBY=true', () => {
  it('is alive for the health check but not ready, so a proxy sends it nothing', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
  });

  it('serves neither the console page nor Slack requests', async () => {
    expect((await fetch(`${base}/`)).status).toBe(503);
    const events = await fetch(`${base}/slack/events`, { method: 'POST', body: '{}' });
    expect(events.status).toBe(503);
    expect(await events.json()).toMatchObject({ error: /another replica/ });
  });

  it('says in its log that it stands by, starts no bot, and stops cleanly on SIGTERM', async () => {
    expect(output).toMatch(/console mode on standby: this replica runs no bot/);
    expect(output).not.toMatch(/querydesk started|local console ready|querydesk local console:/);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
  });
});
