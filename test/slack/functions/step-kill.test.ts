import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../../src/slack-double/index.js';
import { botDatabase } from '../../fakes/bot-database.js';
import { DIALECTS } from '../../fakes/databases.js';
import { eventually } from '../../fakes/eventually.js';
import { startGatewayProxy } from '../../fakes/gateway-proxy.js';
import { spawnSourceBot } from '../../fakes/source-bot.js';

// A replica killed with SIGKILL while a lookup_payment_order step's gateway call is in flight:
// its claim lapses unrenewed and the restarted bot fails the step, once, with the execution's own
// token; a later delivery of that execution calls nothing and completes nothing.
// The two stores' cases, each with its own processes, sandbox and Slack double, run at once:
// most of their time is waiting for the killed replica's claim to lapse.

const X = SANDBOX_EXAMPLES;

describe.concurrent.each(DIALECTS)('a step whose replica is killed mid-step (%s)', (dialect) => {
  it('is failed once by the restarted bot, and its redelivery does nothing more', async ({
    expect,
    onTestFinished,
  }) => {
    const cleanups: (() => Promise<unknown>)[] = [];
    onTestFinished(async () => {
      for (const c of cleanups.reverse()) await c().catch(() => undefined);
    });
    const sandbox: Sandbox = await startSandbox({});
    cleanups.push(() => sandbox.close());
    const proxy = await startGatewayProxy(sandbox.url);
    cleanups.push(() => proxy.close());
    const double: SlackDouble = await startSlackDouble();
    cleanups.push(() => double.close());
    const db = await botDatabase(dialect);
    cleanups.push(() => db.dispose());
    const journal = mkdtempSync(join(tmpdir(), 'qd-step-kill-'));
    cleanups.push(async () => rmSync(journal, { recursive: true, force: true }));
    const env = {
      SLACK_BOT_TOKEN: double.botToken,
      SLACK_SIGNING_SECRET: double.signingSecret,
      SLACK_API_URL: double.apiUrl,
      DATABASE_URL: db.url,
      GATEWAY_BASE_URL: proxy.url,
      GATEWAY_TOKEN: X.token,
      JOURNAL_DIR: journal,
      LOG_LEVEL: 'debug',
    };
    const first = await spawnSourceBot(env);
    cleanups.push(() => first.kill9());
    // The gateway answers, but the answer is held at the proxy: the step is mid-call.
    const held = proxy.hold();
    cleanups.push(async () => held.release());
    const inputs = {
      order_number: X.payOrder.paid.orderNumber,
      merchant_num: X.payOrder.merchantNum,
      number_type: 'platform',
    };
    const sent = await double.sendFunctionExecuted(first.events, {
      callbackId: 'lookup_payment_order',
      inputs,
    });
    expect(sent.ack.status).toBe(200);
    await eventually(() => proxy.received() === 1, 15_000, 'the step call at the gateway');

    await first.kill9();
    held.release();
    const second = await spawnSourceBot(env);
    cleanups.push(() => second.stop());

    const done = await eventually(
      () => double.executions().find((e) => e.executionId === sent.executionId)?.completion,
      60_000,
      'the step completed after the restart',
    );
    expect(done).toMatchObject({ kind: 'error' });
    expect(done.kind === 'error' && done.error).toMatch(/restarted while running this step/);

    const again = await double.sendFunctionExecuted(second.events, {
      callbackId: 'lookup_payment_order',
      executionId: sent.executionId,
      freshEventId: true,
    });
    expect(again.ack.status).toBe(200);
    await eventually(
      () => second.output().includes('step execution delivered again; already handled'),
      10_000,
      'the redelivery seen and dropped',
    );
    const completions = double.calls.filter(
      (c) => c.method.startsWith('functions.') && c.args.function_execution_id === sent.executionId,
    );
    expect(completions.map((c) => c.method)).toEqual(['functions.completeError']);
    expect(proxy.received()).toBe(1);
    for (const bot of [first, second]) expect(bot.output()).not.toContain(sent.token);
  }, 150_000);
});
