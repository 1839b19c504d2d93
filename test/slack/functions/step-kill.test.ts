import { describe, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { DIALECTS } from '../../fakes/databases.js';
import { eventually } from '../../fakes/eventually.js';
import { startGatewayProxy } from '../../fakes/gateway-proxy.js';
import { spawnSourceBot } from '../../fakes/source-bot.js';
import { stepKillWorld } from './step-kill-world.js';

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
    const world = await stepKillWorld(dialect, onTestFinished);
    const { own, double } = world;
    const proxy = own(await startGatewayProxy(world.sandbox.url), (p) => p.close());
    const env = world.env(X.token, proxy.url);
    const first = own(await spawnSourceBot(env), (bot) => bot.kill9());
    // The gateway answers, but the answer is held at the proxy: the step is mid-call.
    const held = own(proxy.hold(), async (h) => h.release());
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
    const second = own(await spawnSourceBot(env), (bot) => bot.stop());

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
