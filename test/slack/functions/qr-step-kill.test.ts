import { randomBytes } from 'node:crypto';
import { describe, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { openStore, type Store } from '../../../src/store/index.js';
import type { BotProcess } from '../../fakes/bot-process.js';
import { DIALECTS } from '../../fakes/databases.js';
import { eventually } from '../../fakes/eventually.js';
import { spawnSourceBot } from '../../fakes/source-bot.js';
import { stepKillWorld } from './step-kill-world.js';

const CHANNEL = 'C0QRKILL01';

// The two stores' cases, each with its own processes, sandbox and Slack double, run at once:
// most of their time is waiting on the killed bot's lapsed work.

describe.concurrent.each(DIALECTS)(
  'start_qr_onboarding through kill -9 of the bot (%s)',
  (dialect) => {
    it('the restarted bot completes the step once, with the token kept sealed meanwhile', async ({
      expect,
      onTestFinished,
    }) => {
      const {
        own,
        sandbox,
        double,
        db,
        env: baseEnv,
      } = await stepKillWorld(dialect, onTestFinished);
      const env = {
        ...baseEnv(SANDBOX_EXAMPLES.token),
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        QR_POLL_INTERVAL_MS: '200',
      };
      const first: BotProcess = own(await spawnSourceBot(env), (bot) => bot.kill9());

      const sent = await double.sendFunctionExecuted(first.events, {
        callbackId: 'start_qr_onboarding',
        inputs: { media_mark: SANDBOX_EXAMPLES.account.mediaMark, channel_id: CHANNEL },
      });
      expect(sent.ack.status).toBe(200);
      const status = await eventually(
        () => double.messages(CHANNEL).find((m) => /: not scanned /.test(m.text)),
        20_000,
        'the QR status message',
      );
      const store: Store = own(await openStore(db.url), (st) => st.close());
      const row = await eventually(
        async () =>
          (await store.db.selectFrom('qr_sessions').selectAll().executeTakeFirst()) as
            | Record<string, unknown>
            | undefined,
        10_000,
        'the stored session',
      );
      // Kept with the session, sealed: the clear token is nowhere in the row.
      expect(row.step_execution_id).toBe(sent.executionId);
      expect(String(row.step_token)).toMatch(/^v2\./);
      expect(JSON.stringify(row)).not.toContain(sent.token);

      await first.kill9();
      const sessionId = String(row.session_id);
      expect(sandbox.simulateScan(sessionId)).toBe(true);
      expect(double.executions()[0]?.completion).toBeUndefined();

      const second = own(await spawnSourceBot(env), (bot) => bot.stop());
      const done = await eventually(
        () => double.executions().find((e) => e.executionId === sent.executionId)?.completion,
        30_000,
        'the step completed after the restart',
      );
      expect(done).toMatchObject({
        kind: 'success',
        outputs: { session_id: sessionId, status: 'scanned', message_ts: status.ts },
      });
      await eventually(
        () => double.messages(CHANNEL).find((m) => m.ts === status.ts && /: scanned /.test(m.text)),
        10_000,
        'the status message shows scanned',
      );
      // One completion ever, and the token is dropped from the store once it is used.
      const calls = double.calls.filter(
        (c) =>
          c.method.startsWith('functions.') && c.args.function_execution_id === sent.executionId,
      );
      expect(calls.map((c) => c.method)).toEqual(['functions.completeSuccess']);
      await eventually(
        async () => {
          const after = await store.db
            .selectFrom('qr_sessions')
            .selectAll()
            .where('session_id', '=', sessionId)
            .executeTakeFirstOrThrow();
          const kept = after as Record<string, unknown>;
          return kept.step_completed_at !== null && kept.step_token === null;
        },
        10_000,
        'the step marked completed and its token dropped',
      );
      expect(sandbox.requests().filter((r) => r.op === 'qrCreate')).toHaveLength(1);
      for (const bot of [first, second]) expect(bot.output()).not.toContain(sent.token);
    }, 120_000);
  },
);
