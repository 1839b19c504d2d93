import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { openStore } from '../../src/store/index.js';
import type { BotProcess } from '../fakes/bot-process.js';
import { eventually } from '../fakes/eventually.js';
import { startGatewayProxy } from '../fakes/gateway-proxy.js';
import { spawnSourceBot } from '../fakes/source-bot.js';
import { type Cluster, startCluster } from './harness/postgres-cluster.js';

// PostgreSQL (a throwaway cluster, never the shared one) stops while a paid /account is at the
// gateway; the bot answers, then dies by kill -9 before the store is back. A bot started on the
// same JOURNAL_DIR once the store answers writes the call's audit row, once, beside its charge.
const X = SANDBOX_EXAMPLES;
const journalDir = mkdtempSync(join(tmpdir(), 'qd-audit-journal-'));
const cleanups: (() => Promise<unknown>)[] = [];
let cluster: Cluster | { skip: string };
let sandbox: Sandbox | undefined;
let proxy: Awaited<ReturnType<typeof startGatewayProxy>> | undefined;
let double: SlackDouble | undefined;

const journalFiles = (kind: string) =>
  readdirSync(journalDir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.split('/').at(-1)!.startsWith(`${kind}-`) && f.endsWith('.jsonl'),
  );

/** The drill, registered by the file that runs the drills one after another. */
export function drill(): void {
  describe('an audited call while the store is away, then kill -9', () => {
    beforeAll(async () => {
      cluster = await startCluster();
      if ('skip' in cluster) return;
      sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
      proxy = await startGatewayProxy(sandbox.url);
      double = await startSlackDouble();
    }, 90_000);

    afterAll(async () => {
      for (const c of cleanups.reverse()) await c().catch(() => undefined);
      await double?.close();
      await proxy?.close();
      await sandbox?.close();
      if (cluster && !('skip' in cluster)) cluster.destroy();
      rmSync(journalDir, { recursive: true, force: true });
    }, 60_000);

    it('the restarted bot writes the audit row exactly once when the store is back', async (ctx) => {
      if ('skip' in cluster || !proxy || !sandbox || !double) {
        const why = 'skip' in cluster ? cluster.skip : 'not started';
        console.warn(`skipped audit journal drill: ${why}`);
        ctx.skip(why);
        return;
      }
      const db = cluster;
      const slack = double;
      const env = {
        SLACK_BOT_TOKEN: slack.botToken,
        SLACK_SIGNING_SECRET: slack.signingSecret,
        SLACK_API_URL: slack.apiUrl,
        DATABASE_URL: db.url,
        GATEWAY_BASE_URL: proxy.url,
        GATEWAY_TOKEN: X.token,
        JOURNAL_DIR: journalDir,
      };
      const first: BotProcess = await spawnSourceBot(env);
      cleanups.push(() => first.kill9());
      const user = 'U0AUDITKILL';
      const held = proxy.hold();
      await slack.sendCommand(first.events, {
        command: '/account',
        text: X.account.mediaMark,
        user,
      });
      // The gateway has served and charged it; its answer is held while the store stops.
      await eventually(() => sandbox!.ledger().byOperation.accountData.charged > 0, 10_000);
      db.stop();
      held.release();
      const answer = await slack.waitFor(
        () => slack.messages().find((m) => m.visibleTo === user),
        15_000,
      );
      expect(JSON.stringify(answer.blocks)).toContain('Last 7 days');
      await eventually(
        () => first.output().includes('audit not written'),
        15_000,
        'the audit write refused by the absent store',
      );
      expect(journalFiles('charges').length).toBeGreaterThan(0);

      await first.kill9();
      db.start();
      const second = await spawnSourceBot(env);
      cleanups.push(() => second.stop());

      const store = await openStore(db.url);
      cleanups.push(() => store.close());
      const charged = sandbox.ledger().byOperation.accountData.charged;
      const ledger = await eventually(
        async () => {
          const rows = await store.db
            .selectFrom('ledger_entries')
            .selectAll()
            .where('operation', '=', 'accountData')
            .execute();
          return rows.length > 0 ? rows : undefined;
        },
        30_000,
        'the charge replayed into the ledger',
      );
      const audit = await eventually(
        async () => {
          const rows = await store.db
            .selectFrom('audit_entries')
            .selectAll()
            .where('operation', '=', 'accountData')
            .execute();
          return rows.length > 0 ? rows : undefined;
        },
        30_000,
        'the audit row replayed',
      );
      // A second replay pass (every 2 s) and a stop must not write it again.
      await second.stop();
      const after = await store.db
        .selectFrom('audit_entries')
        .selectAll()
        .where('operation', '=', 'accountData')
        .execute();
      expect(ledger).toHaveLength(1);
      expect(audit).toHaveLength(1);
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({
        user_id: user,
        request_id: ledger[0]!.request_id,
        command: '/account',
      });
      expect(Number(after[0]!.points)).toBe(charged);
      expect(journalFiles('audit')).toEqual([]);
    }, 150_000);
  });
}
