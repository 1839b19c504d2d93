import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/types.js';
import { startSlackDouble } from '../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';

const X = SANDBOX_EXAMPLES;

/** The sandbox behind a proxy that holds every answer for `ms`: a slow gateway. */
async function slowGateway(sandbox: Sandbox, ms: number): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      await new Promise((r) => setTimeout(r, ms));
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(`${sandbox.url}${req.url}`, {
        method: req.method,
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(
            (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host',
          ),
        ),
        body,
      });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return server;
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('daily budget across replicas', () => {
  it('10 /account at once (30 points each, 1-s gateway) on two replicas spend 60 of a 60-point budget, not 300', async () => {
    const sandbox = await startSandbox({ charges: { accountData: 30 } });
    cleanups.push(() => sandbox.close());
    const gateway = await slowGateway(sandbox, 1000);
    cleanups.push(() => new Promise((r) => gateway.close(r)));
    const double = await startSlackDouble();
    cleanups.push(() => double.close());
    const dir = mkdtempSync(join(tmpdir(), 'qd-budget-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const env = {
      DAILY_BUDGET_POINTS: '60',
      GATEWAY_BASE_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
      GATEWAY_TOKEN: X.token,
      DATABASE_URL: `sqlite:${join(dir, 'shared.db')}`,
    };
    const replicas: BotHarness[] = [];
    for (let i = 0; i < 2; i++) {
      const h = await startBot(env, {}, double);
      cleanups.push(() => h.stop());
      replicas.push(h);
    }

    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        double.sendCommand(replicas[i % 2]!.events, {
          command: '/account',
          text: X.account.mediaMark,
          user: `U0PERSON${i}`,
        }),
      ),
    );
    const answers = await double.waitFor(() => {
      const eph = double.messages().filter((m) => m.ephemeral);
      return eph.length >= 10 ? eph : undefined;
    }, 20_000);

    expect(sandbox.ledger().charged).toBe(60);
    expect(sandbox.requests().filter((r) => r.op === 'accountData')).toHaveLength(2);
    expect(answers.filter((m) => /Daily budget reached/.test(m.text ?? ''))).toHaveLength(8);
  });
});
