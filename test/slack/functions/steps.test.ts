import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import type { DoubleExecution } from '../../../src/slack-double/index.js';
import { saveWorkspaceSettings } from '../../../src/store/workspace-settings.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';
import { botDatabase } from '../../fakes/bot-database.js';
import { DIALECTS } from '../../fakes/databases.js';
import { eventually } from '../../fakes/eventually.js';

const X = SANDBOX_EXAMPLES.payOrder;
const ZONE = 'Asia/Shanghai';

/** The gateway's own record of an order, read straight from the sandbox: the outputs' oracle. */
async function rawOrder(h: BotHarness, orderNumber: string, type: '1' | '2') {
  const url = new URL('/papi/tool/accounts/merchant-order-detail', h.bot.sandbox!.url);
  url.search = new URLSearchParams({
    order_number: orderNumber,
    merchant_num: X.merchantNum,
    type,
  }).toString();
  const res = await fetch(url, { headers: { authorization: `Bearer ${SANDBOX_EXAMPLES.token}` } });
  const body = (await res.json()) as { data: unknown };
  const one = (Array.isArray(body.data) ? body.data[0] : body.data) as Record<string, unknown>;
  return one;
}

describe.each(DIALECTS)(
  'Workflow Builder steps against the Slack double and the sandbox (%s)',
  (dialect) => {
    let h: BotHarness;
    let db: Awaited<ReturnType<typeof botDatabase>>;
    beforeAll(async () => {
      db = await botDatabase(dialect);
      h = await startBot({
        DATABASE_URL: db.url,
        GATEWAY_TIMEZONE: ZONE,
        QR_POLL_INTERVAL_MS: '100',
      });
    }, 60_000);
    afterAll(async () => {
      await h?.stop();
      await db?.dispose();
    });

    const gatewayCalls = (op?: string) =>
      h.bot.sandbox!.requests().filter((r) => op === undefined || r.op === op).length;
    const completions = (method: 'functions.completeSuccess' | 'functions.completeError') =>
      h.double.callsTo(method);
    /** Runs a step as Workflow Builder would and waits for its one completion. */
    async function runStep(callbackId: string, inputs: Record<string, unknown>) {
      const sent = await h.double.sendFunctionExecuted(h.events, { callbackId, inputs });
      expect(sent.ack.status).toBe(200);
      const done = await eventually(
        () => h.double.executions().find((e) => e.executionId === sent.executionId)?.completion,
        10_000,
        `${callbackId} completed`,
      );
      return { ...sent, done };
    }
    const outputsOf = (done: DoubleExecution['completion']) => {
      if (done?.kind !== 'success')
        throw new Error(`expected success, got ${JSON.stringify(done)}`);
      return done.outputs;
    };
    const errorOf = (done: DoubleExecution['completion']) => {
      if (done?.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(done)}`);
      return done.error;
    };

    it('lookup_payment_order returns a paid order as typed machine values, from the gateway', async () => {
      const raw = await rawOrder(h, X.paid.orderNumber, '2');
      const before = gatewayCalls('payOrder');
      const { done, token, executionId } = await runStep('lookup_payment_order', {
        order_number: X.paid.orderNumber,
        merchant_num: X.merchantNum,
        number_type: 'platform',
      });
      const out = outputsOf(done);
      const yuan = (fen: unknown) => (Number(fen) / 100).toFixed(2);
      expect(out).toEqual({
        order_number: X.paid.orderNumber,
        merchant_order_number: X.paid.relationOrderNumber,
        status: 'paid',
        status_code: 1,
        amount_yuan: yuan(raw.order_price),
        paid_yuan: yuan(raw.order_realy_price),
        paid_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        called_back: raw.order_notify_status === 1,
        pay_method: 'messaging-app wallet',
      });
      // The gateway's wall-clock payment time, in GATEWAY_TIMEZONE, second for second.
      if (typeof raw.order_pay_at === 'string' && /^\d{4}-/.test(raw.order_pay_at)) {
        expect(out.paid_at).toBe(raw.order_pay_at);
      }
      expect(gatewayCalls('payOrder')).toBe(before + 1);
      // Completed once, with the execution's own token: the double refuses any other token
      // (not_allowed_token_type), and the completion above is only set by an accepted call.
      const mine = h.double.calls.filter(
        (c) => c.method.startsWith('functions.') && c.args.function_execution_id === executionId,
      );
      expect(mine.map((c) => [c.method, c.error])).toEqual([
        ['functions.completeSuccess', undefined],
      ]);
      expect(h.log.text()).not.toContain(token);
    });

    it('lookup_payment_order finds a merchant-defined number without number_type; unpaid has no paid_at', async () => {
      const refunded = outputsOf(
        (
          await runStep('lookup_payment_order', {
            order_number: X.refunded.relationOrderNumber,
            merchant_num: X.merchantNum,
            number_type: '',
          })
        ).done,
      );
      const rawRefunded = await rawOrder(h, X.refunded.relationOrderNumber, '1');
      expect(refunded).toMatchObject({
        status: 'refunded',
        status_code: 2,
        // Refunded money was paid first: the amount the gateway says was paid.
        paid_yuan: (Number(rawRefunded.order_realy_price) / 100).toFixed(2),
      });
      const unpaid = outputsOf(
        (
          await runStep('lookup_payment_order', {
            order_number: X.unpaid.orderNumber,
            merchant_num: X.merchantNum,
          })
        ).done,
      );
      expect(unpaid).toMatchObject({
        status: 'unpaid',
        status_code: 0,
        paid_at: '',
        paid_yuan: '0.00',
      });
      expect(unpaid.amount_yuan).toMatch(/^\d+\.\d{2}$/);
      const cancelled = outputsOf(
        (
          await runStep('lookup_payment_order', {
            order_number: X.cancelled.orderNumber,
            merchant_num: X.merchantNum,
          })
        ).done,
      );
      expect(cancelled).toMatchObject({ status: 'cancelled', status_code: 3, paid_yuan: '0.00' });
    });

    it.each([
      [{ merchant_num: X.merchantNum }, 'order_number', /order_number: this field is required/],
      [
        { order_number: X.paid.orderNumber, merchant_num: '' },
        'merchant_num',
        /merchant_num: .*required/,
      ],
      [
        { order_number: X.paid.orderNumber, merchant_num: X.merchantNum, number_type: 'neither' },
        'number_type',
        /number_type: must be platform or merchant/,
      ],
      [
        { order_number: `${X.paid.orderNumber}\u202e`, merchant_num: X.merchantNum },
        'order_number',
        /order_number: /,
      ],
    ])(
      'bad input %j completes with an error naming %s, and the gateway is not called',
      async (inputs, _name, words) => {
        const before = gatewayCalls();
        const error = errorOf((await runStep('lookup_payment_order', inputs)).done);
        expect(error).toMatch(words);
        expect(error).toContain('Nothing was looked up or charged');
        expect(gatewayCalls()).toBe(before);
      },
    );

    it('an unknown order completes with "not found" and what to check; no stack trace', async () => {
      const error = errorOf(
        (
          await runStep('lookup_payment_order', {
            order_number: X.unknownOrderNumber,
            merchant_num: X.merchantNum,
            number_type: 'platform',
          })
        ).done,
      );
      expect(error).toMatch(/not found/i);
      expect(error).toMatch(/Check both numbers/);
      expect(error).not.toMatch(/\.ts:\d+|at [\w.]+ \(/);
    });

    it('a gateway failure completes with its meaning and remedy', async () => {
      h.bot.sandbox!.setFaults({ rate: 1, kinds: ['5xx'] });
      try {
        const error = errorOf(
          (
            await runStep('lookup_payment_order', {
              order_number: X.paid.orderNumber,
              merchant_num: X.merchantNum,
              number_type: 'platform',
            })
          ).done,
        );
        expect(error).toMatch(/What to do: /);
        expect(error).not.toMatch(/\.ts:\d+|at [\w.]+ \(/);
      } finally {
        h.bot.sandbox!.setFaults(undefined);
      }
    });

    it('a retried delivery (X-Slack-Retry-Num) and a later redelivery make no second call and no second completion', async () => {
      const before = gatewayCalls('payOrder');
      const successes = completions('functions.completeSuccess').length;
      const inputs = {
        order_number: X.paid.orderNumber,
        merchant_num: X.merchantNum,
        number_type: 'platform',
      };
      const first = await runStep('lookup_payment_order', inputs);
      const retry = await h.double.sendFunctionExecuted(h.events, {
        callbackId: 'lookup_payment_order',
        executionId: first.executionId,
        retryNum: 1,
      });
      expect(retry.ack.status).toBe(200);
      // The same execution under a new event id (past the edge's 10-minute memory of event ids).
      const again = await h.double.sendFunctionExecuted(h.events, {
        callbackId: 'lookup_payment_order',
        executionId: first.executionId,
        freshEventId: true,
      });
      expect(again.ack.status).toBe(200);
      // Give a wrongly second run every chance to show itself: another step after it completes.
      await runStep('points_spent', {});
      expect(gatewayCalls('payOrder')).toBe(before + 1);
      expect(completions('functions.completeSuccess').length).toBe(successes + 2);
      expect(
        completions('functions.completeError').filter(
          (c) => c.args.function_execution_id === first.executionId,
        ),
      ).toEqual([]);
    });

    it('a retry whose first delivery never arrived is answered like a first delivery', async () => {
      const sent = await h.double.sendFunctionExecuted(h.events, {
        callbackId: 'lookup_payment_order',
        inputs: {
          order_number: X.paid.orderNumber,
          merchant_num: X.merchantNum,
          number_type: 'platform',
        },
        retryNum: 2,
      });
      const done = await eventually(
        () => h.double.executions().find((e) => e.executionId === sent.executionId)?.completion,
      );
      expect(outputsOf(done).status).toBe('paid');
    });

    it('"Paid commands allowed for" applies to user_id; without one the step runs only where no user list is set', async () => {
      const teamId = h.double.teamId;
      await saveWorkspaceSettings(h.bot.deps.store.db, {
        workspaceId: teamId,
        paidUsers: ['U0ALLOWED'],
        now: new Date(),
      });
      try {
        const inputs = {
          order_number: X.paid.orderNumber,
          merchant_num: X.merchantNum,
          number_type: 'platform',
        };
        const before = gatewayCalls();
        const nobody = errorOf((await runStep('lookup_payment_order', inputs)).done);
        expect(nobody).toMatch(/Not allowed here/);
        expect(nobody).toMatch(/\/querydesk config/);
        const stranger = errorOf(
          (await runStep('lookup_payment_order', { ...inputs, user_id: 'U0STRANGER' })).done,
        );
        expect(stranger).toMatch(/not on the list/);
        expect(gatewayCalls()).toBe(before);
        const allowed = outputsOf(
          (await runStep('lookup_payment_order', { ...inputs, user_id: 'U0ALLOWED' })).done,
        );
        expect(allowed.status).toBe('paid');
        // The audit row is written off the answer's path: wait for it.
        const audit = await eventually(async () => {
          const rows = await h.bot.deps.store.db
            .selectFrom('audit_entries')
            .select(['command', 'user_id', 'operation'])
            .where('user_id', '=', 'U0ALLOWED')
            .execute();
          return rows.length > 0 && rows;
        });
        expect(audit).toContainEqual({
          command: 'step:lookup_payment_order',
          user_id: 'U0ALLOWED',
          operation: 'payOrder',
        });
      } finally {
        await saveWorkspaceSettings(h.bot.deps.store.db, {
          workspaceId: teamId,
          paidUsers: [],
          now: new Date(),
        });
      }
    });

    it('start_qr_onboarding with the bot outside the channel says how to invite it; nothing is spent', async () => {
      h.double.addChannel({ id: 'C0OUTSIDE1', botIsMember: false });
      const before = gatewayCalls();
      const error = errorOf(
        (
          await runStep('start_qr_onboarding', {
            media_mark: SANDBOX_EXAMPLES.account.mediaMark,
            channel_id: 'C0OUTSIDE1',
          })
        ).done,
      );
      expect(error).toMatch(/\/invite @querydesk/);
      expect(error).toMatch(/Nothing was charged/);
      expect(gatewayCalls()).toBe(before);
    });

    it('start_qr_onboarding without channel_id or with a bad landing page names the input; no call', async () => {
      const before = gatewayCalls();
      const noChannel = errorOf(
        (await runStep('start_qr_onboarding', { media_mark: 'acct' })).done,
      );
      expect(noChannel).toMatch(/channel_id: this field is required/);
      const noMark = errorOf(
        (await runStep('start_qr_onboarding', { channel_id: 'C0QRSTEP01' })).done,
      );
      expect(noMark).toMatch(/media_mark: this field is required/);
      const badChannel = errorOf(
        (await runStep('start_qr_onboarding', { media_mark: 'acct', channel_id: '#ops' })).done,
      );
      expect(badChannel).toMatch(/channel_id: must be a Slack channel id/);
      const badUser = errorOf(
        (
          await runStep('lookup_payment_order', {
            order_number: X.paid.orderNumber,
            merchant_num: X.merchantNum,
            user_id: '<@U123>',
          })
        ).done,
      );
      expect(badUser).toMatch(/user_id: must be a Slack user id/);
      expect(gatewayCalls()).toBe(before);
    });

    it('start_qr_onboarding past the daily budget is refused before the gateway, its placeholder removed', async () => {
      const channel = 'C0QRBUDGET';
      await saveWorkspaceSettings(h.bot.deps.store.db, {
        workspaceId: h.double.teamId,
        dailyBudgetPoints: 0,
        now: new Date(),
      });
      try {
        const before = gatewayCalls('qrCreate');
        const error = errorOf(
          (
            await runStep('start_qr_onboarding', {
              media_mark: SANDBOX_EXAMPLES.account.mediaMark,
              channel_id: channel,
            })
          ).done,
        );
        expect(error).toMatch(/Daily budget reached/);
        expect(gatewayCalls('qrCreate')).toBe(before);
        expect(h.double.messages(channel)).toEqual([]);
      } finally {
        await saveWorkspaceSettings(h.bot.deps.store.db, {
          workspaceId: h.double.teamId,
          dailyBudgetPoints: null,
          now: new Date(),
        });
      }
    });

    it('start_qr_onboarding posts the QR code and status message like /qr and completes once scanned', async () => {
      const channel = 'C0QRSTEP01';
      const sent = await h.double.sendFunctionExecuted(h.events, {
        callbackId: 'start_qr_onboarding',
        inputs: {
          media_mark: SANDBOX_EXAMPLES.account.mediaMark,
          channel_id: channel,
          user_id: 'U0ONBOARD1',
        },
      });
      const status = await eventually(
        () => h.double.messages(channel).find((m) => /QR login for .*not scanned/.test(m.text)),
        10_000,
        'status message',
      );
      expect(JSON.stringify(status.blocks)).toContain("I've scanned it");
      await eventually(
        () => h.double.files().some((f) => f.completed && f.channel === channel),
        10_000,
        'QR image',
      );
      const session = h.bot.sandbox!.sessions().at(-1)!;
      expect(
        h.double.executions().find((e) => e.executionId === sent.executionId)?.completion,
      ).toBeUndefined();
      h.bot.sandbox!.simulateScan(session.sessionId);
      const done = await eventually(
        () => h.double.executions().find((e) => e.executionId === sent.executionId)?.completion,
        15_000,
        'qr step completed',
      );
      expect(outputsOf(done)).toEqual({
        session_id: session.sessionId,
        status: 'scanned',
        message_ts: status.ts,
      });
      await eventually(() =>
        h.double.messages(channel).find((m) => m.ts === status.ts && /: scanned /.test(m.text)),
      );
      const audit = await eventually(async () => {
        const rows = await h.bot.deps.store.db
          .selectFrom('audit_entries')
          .select('command')
          .where('operation', '=', 'qrCreate')
          .execute();
        return rows.length > 0 && rows;
      });
      expect(audit.map((a) => a.command)).toContain('step:start_qr_onboarding');
      const forThis = h.double.calls.filter(
        (c) =>
          c.method.startsWith('functions.complete') &&
          c.args.function_execution_id === sent.executionId,
      );
      expect(forThis).toHaveLength(1);
    });

    it('points_spent reports net points and the budget like /spend; a bad period names the input', async () => {
      const ledger = h.bot.sandbox!.ledger();
      const net = ledger.charged - ledger.refunded;
      const none = outputsOf((await runStep('points_spent', {})).done);
      expect(none).toEqual({ points: net, budget_points: 0, budget_left: -1 });
      await saveWorkspaceSettings(h.bot.deps.store.db, {
        workspaceId: h.double.teamId,
        dailyBudgetPoints: net + 7,
        now: new Date(),
      });
      const week = outputsOf((await runStep('points_spent', { period: '7d' })).done);
      expect(week).toEqual({ points: net, budget_points: net + 7, budget_left: 7 });
      await saveWorkspaceSettings(h.bot.deps.store.db, {
        workspaceId: h.double.teamId,
        dailyBudgetPoints: 1,
        now: new Date(),
      });
      const over = outputsOf((await runStep('points_spent', { period: 'today' })).done);
      expect(over).toMatchObject({ budget_points: 1, budget_left: net > 1 ? 0 : 1 - net });
      await saveWorkspaceSettings(h.bot.deps.store.db, {
        workspaceId: h.double.teamId,
        dailyBudgetPoints: null,
        now: new Date(),
      });
      const bad = errorOf((await runStep('points_spent', { period: 'month' })).done);
      expect(bad).toMatch(/period: choose today, 7d or 30d/);
    });
  },
);
