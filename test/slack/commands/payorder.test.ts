import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';

const X = SANDBOX_EXAMPLES.payOrder;
let h: BotHarness;
beforeAll(async () => {
  h = await startBot();
});
afterAll(async () => {
  await h?.stop();
});

const payCalls = () => h.bot.sandbox!.requests().filter((r) => r.op === 'payOrder').length;
const ephemerals = () => h.double.messages().filter((m) => m.ephemeral);

describe('/payorder', () => {
  it('answers a signed command with an ephemeral payment-order card that says "sandbox data"', async () => {
    const before = ephemerals().length;
    const ack = await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: `${X.paid.orderNumber} ${X.merchantNum}`,
    });
    expect(ack.status).toBe(200);
    const card = await h.double.waitFor(() => ephemerals()[before], 5000);
    expect(card.text).toMatch(/Paid/);
    expect(card.text).toContain('sandbox');
    expect(JSON.stringify(card.blocks)).toContain(X.paid.orderNumber);
    expect(checkMessage({ text: card.text, blocks: card.blocks })).toEqual([]);
  });

  it('finds an order by its merchant-defined number when no type is given', async () => {
    const before = ephemerals().length;
    await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: `${X.refunded.relationOrderNumber} ${X.merchantNum}`,
    });
    const card = await h.double.waitFor(() => ephemerals()[before], 5000);
    expect(card.text).toMatch(/Refunded/);
  });

  it('refuses bad input with the usage and calls no gateway', async () => {
    const calls = payCalls();
    const before = ephemerals().length;
    const ack = await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: 'only-one-arg',
    });
    expect(ack.status).toBe(200);
    // Acked empty; the refusal comes through the response_url, in the asker's language.
    expect(ack.body).toBe('');
    const body = await h.double.waitFor(() => ephemerals()[before], 5000);
    // Slack shows the entity-escaped text as "missing <merchant_num>".
    expect(body.text).toBe(
      'That command needs a fix. missing &lt;merchant_num&gt; Usage: /payorder &lt;order_number&gt; &lt;merchant_num&gt; [type=platform|merchant] (sandbox data)',
    );
    expect(payCalls()).toBe(calls);
  });

  it('rejects an unknown option by name', async () => {
    const before = ephemerals().length;
    await h.double.sendCommand(h.events, { command: '/payorder', text: 'A B kind=x' });
    const refusal = await h.double.waitFor(() => ephemerals()[before], 5000);
    expect(refusal.text).toMatch(/unknown option "kind"/);
  });

  it('shows the meaning and remedy when the order does not exist', async () => {
    const before = ephemerals().length;
    await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: `${X.unknownOrderNumber} ${X.merchantNum} type=platform`,
    });
    const card = await h.double.waitFor(() => ephemerals()[before], 5000);
    expect(card.text).toMatch(/Payment order not found/);
    expect(card.text).toMatch(/as a platform order number/);
    expect(card.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('"Share in channel" posts the same card publicly, saying who shared it', async () => {
    const before = ephemerals().length;
    await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: `${X.unpaid.orderNumber} ${X.merchantNum}`,
      user: 'U0SHARER',
    });
    const card = await h.double.waitFor(() => ephemerals()[before], 5000);
    const calls = payCalls();
    const publicBefore = h.double.messages().filter((m) => !m.ephemeral).length;
    await h.double.sendAction(h.events, {
      actionId: 'qd_share',
      channel: card.channel,
      messageTs: card.ts,
      user: 'U0SHARER',
    });
    const shared = await h.double.waitFor(
      () => h.double.messages().filter((m) => !m.ephemeral)[publicBefore],
      5000,
    );
    expect(JSON.stringify(shared.blocks)).toContain('Shared by <@U0SHARER>');
    expect(JSON.stringify(shared.blocks)).not.toContain('qd_share');
    expect(payCalls()).toBe(calls);
  });

  it('rejects a request with a bad signature with 401 and runs nothing', async () => {
    const calls = payCalls();
    const res = await fetch(h.events, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-signature': 'v0=deadbeef',
        'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)),
      },
      body: `command=%2Fpayorder&text=${X.paid.orderNumber}+${X.merchantNum}&team_id=T1&user_id=U1&channel_id=C1`,
    });
    expect(res.status).toBe(401);
    // An absence (the refused request calls nothing): a while in which a call could have come.
    await new Promise((r) => setTimeout(r, 200));
    expect(payCalls()).toBe(calls);
  });
});

/** `querydesk_answer_seconds`' `_count` or `_sum` for /payorder's `part`, from /metrics. */
async function answerMetric(stat: 'count' | 'sum', part: string): Promise<number> {
  const text = await (await fetch(`${h.base}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) =>
      l.startsWith(`querydesk_answer_seconds_${stat}{command="/payorder",part="${part}"}`),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('how long people wait', () => {
  it("times a look-up's answer from the ack, whole and in its parts", async () => {
    const parts = ['held', 'before', 'language', 'work', 'delivery', 'whole'];
    const countsBefore = await Promise.all(parts.map((p) => answerMetric('count', p)));
    const sumsBefore = await Promise.all(parts.map((p) => answerMetric('sum', p)));
    const shown = ephemerals().length;
    const sent = performance.now();
    await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: `${X.paid.orderNumber} ${X.merchantNum}`,
    });
    await h.double.waitFor(() => ephemerals()[shown], 5000);
    // Observed after the post returns, so it may trail the card by a moment.
    for (let i = 0; i < 100 && (await answerMetric('count', 'whole')) === countsBefore[5]; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const tookS = (performance.now() - sent) / 1000;
    const counts = await Promise.all(parts.map((p) => answerMetric('count', p)));
    expect(counts.map((c, i) => c - countsBefore[i]!)).toEqual([1, 1, 1, 1, 1, 1]);
    const spent = (await Promise.all(parts.map((p) => answerMetric('sum', p)))).map(
      (s, i) => s - sumsBefore[i]!,
    );
    const [held, before, language, work, delivery, whole] = spent as number[];
    // The parts follow one another from the ack (the receiver's stamp), observed together once
    // the answer is posted: together they are the whole; and the whole is within what the sender
    // saw from sending to the answer. Even alone, the work after the ack
    // waits its turn in the ack-first scheduler (twice: before Bolt, after the listener's ack).
    expect(held).toBeGreaterThan(0);
    expect(before).toBeGreaterThan(0);
    expect(work).toBeGreaterThan(0);
    expect(delivery).toBeGreaterThan(0);
    const sum = held! + before! + language! + work! + delivery!;
    expect(Math.abs(whole! - sum)).toBeLessThan(1e-9);
    expect(whole).toBeLessThan(tookS);
  });
});

describe('health routes', () => {
  it('answers /healthz, /readyz and /metrics on the same port', async () => {
    const health = await fetch(`${h.base}/healthz`);
    expect(await health.json()).toEqual({ ok: true });
    const ready = await fetch(`${h.base}/readyz`);
    expect(ready.status).toBe(200);
    const metrics = await (await fetch(`${h.base}/metrics`)).text();
    expect(metrics).toMatch(/querydesk_gateway_calls_total\{operation="payOrder",code="0"\} \d+/);
    expect(metrics).toMatch(/querydesk_slack_acks_total\{kind="command"\}/);
  });
});
