import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageMessage, PageSnapshot, PageView } from '../../src/console/page-json.js';
import type { RunningConsole } from '../../src/console/start-console.js';
import type { PageExecution } from '../../src/console/steps.js';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { openEvents, post, startTestConsole } from './start.js';

type MessageEvent = { action: string; message: PageMessage };

const messageEvent =
  (pick: (m: MessageEvent) => boolean) => (e: { event: string; data: unknown }) =>
    e.event === 'message' && pick(e.data as MessageEvent) ? (e.data as MessageEvent) : undefined;

const blockText = (m: PageMessage) => JSON.stringify(m.blocks);

describe('local console', () => {
  let qd: RunningConsole;
  let base: string;

  beforeAll(async () => {
    qd = await startTestConsole();
    base = `http://127.0.0.1:${qd.port}`;
  });
  afterAll(async () => {
    await qd?.stop();
  });

  it('serves the page, its scripts and health on the one port, with the sandbox banner', async () => {
    const page = await fetch(`${base}/`);
    const script = await fetch(`${base}/console/app.js`);
    const state = (await (await fetch(`${base}/console/state`)).json()) as PageSnapshot;
    const health = await fetch(`${base}/healthz`);

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('/console/app.js');
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(state.banner).toBe('Local console — sandbox gateway');
    expect(state.commands.map((c) => c.command)).toContain('/payorder');
    expect(health.status).toBe(200);
    expect(qd.url).toBe(`http://localhost:${qd.port}/`);
  });

  it('runs a slash command through the real bot and streams its ephemeral answer', async () => {
    const events = await openEvents(`${base}/console/events`);
    try {
      const snapshot = await events.next((e) => (e.event === 'snapshot' ? e.data : undefined));
      const sent = await post(base, '/console/command', { command: '/querydesk', text: 'help' });
      const answer = await events.next(messageEvent((d) => d.message.text.includes('/payorder')));

      expect(snapshot).toMatchObject({ channel: { name: 'querydesk-console' } });
      expect(sent.json).toMatchObject({ ok: true, status: 200 });
      expect(answer.message).toMatchObject({ author: 'querydesk', isBot: true, ephemeral: true });
    } finally {
      events.close();
    }
  });

  it('answers an unknown command the way Slack does, without bothering the bot', async () => {
    const events = await openEvents(`${base}/console/events`);
    try {
      await post(base, '/console/command', { command: '/nosuch', text: '' });
      const reply = await events.next(messageEvent((d) => d.message.author === 'Slackbot'));

      expect(reply.message.text).toBe('/nosuch is not a valid command.');
      expect(reply.message.ephemeral).toBe(true);
    } finally {
      events.close();
    }
  });

  it('shows a pay order card and shares it in the channel when its button is clicked', async () => {
    const events = await openEvents(`${base}/console/events`);
    const { merchantNum, paid } = SANDBOX_EXAMPLES.payOrder;
    try {
      await post(base, '/console/command', {
        command: '/payorder',
        text: `${paid.orderNumber} ${merchantNum}`,
      });
      const card = await events.next(
        messageEvent((d) => d.message.ephemeral && blockText(d.message).includes('qd_share')),
      );
      const click = await post(base, '/console/action', {
        channel: card.message.channel,
        messageTs: card.message.ts,
        actionId: 'qd_share',
      });
      const shared = await events.next(
        messageEvent(
          (d) =>
            d.action === 'posted' &&
            !d.message.ephemeral &&
            blockText(d.message).includes(paid.orderNumber),
        ),
      );

      expect(blockText(card.message)).toContain(paid.orderNumber);
      expect(click.json).toMatchObject({ ok: true });
      expect(shared.message.author).toBe('querydesk');
    } finally {
      events.close();
    }
  });

  it('opens the modal for a bare command and keeps it open with inline errors on a bad value', async () => {
    const events = await openEvents(`${base}/console/events`);
    try {
      await post(base, '/console/command', { command: '/payorder', text: '' });
      const stack = await events.next((e) => {
        const views = e.data as { stack?: PageView[] };
        return e.event === 'views' && views.stack?.length ? views.stack : undefined;
      });
      const modal = stack.at(-1)!;
      const submitted = await post(base, '/console/submit', {
        viewId: modal.id,
        values: { order_number: { order_number: '   ' }, merchant_num: { merchant_num: 'x' } },
      });
      const after = (await (await fetch(`${base}/console/state`)).json()) as PageSnapshot;

      expect(modal.view.type).toBe('modal');
      expect(submitted.json.ack).toMatchObject({ response_action: 'errors' });
      expect(after.stack.map((v) => v.id)).toContain(modal.id);
    } finally {
      events.close();
    }
  });

  it('runs each workflow step from its form and streams the completion the bot sent', async () => {
    const events = await openEvents(`${base}/console/events`);
    try {
      const snapshot = (await events.next((e) =>
        e.event === 'snapshot' ? e.data : undefined,
      )) as PageSnapshot;
      expect(snapshot.steps.map((s) => s.callbackId)).toEqual([
        'lookup_payment_order',
        'start_qr_onboarding',
        'points_spent',
      ]);
      const X = SANDBOX_EXAMPLES.payOrder;
      const sent = await post(base, '/console/step', {
        callbackId: 'lookup_payment_order',
        inputs: { order_number: X.paid.orderNumber, merchant_num: X.merchantNum, number_type: '' },
      });
      expect(sent.json).toMatchObject({ ok: true, status: 200 });
      const completed = (id: unknown) => (e: { event: string; data: unknown }) =>
        e.event === 'executions'
          ? (e.data as PageExecution[]).find((x) => x.executionId === id && x.completion)
          : undefined;
      const paid = await events.next(completed(sent.json.executionId));
      expect(paid.completion).toMatchObject({
        kind: 'success',
        outputs: { status: 'paid', status_code: 1, order_number: X.paid.orderNumber },
      });

      const bad = await post(base, '/console/step', {
        callbackId: 'points_spent',
        inputs: { period: 'month' },
      });
      const refused = await events.next(completed(bad.json.executionId));
      expect(refused.completion).toMatchObject({ kind: 'error' });
      expect(JSON.stringify(refused.completion)).toContain('period');

      const unknown = await post(base, '/console/step', { callbackId: 'nosuch', inputs: {} });
      expect(unknown.status).toBe(400);
    } finally {
      events.close();
    }
  });

  it('refuses page requests that do not fit, without reaching the bot', async () => {
    const badCommand = await post(base, '/console/command', { command: 'payorder' });
    const missing = await post(base, '/console/action', {
      channel: 'C0000000001',
      messageTs: '1.000001',
      actionId: 'qd_share',
    });
    const noFile = await fetch(`${base}/console/files/F404`);
    const badQr = await post(base, '/console/qr/nosuch/explode', {});
    const unknownQr = await post(base, '/console/qr/nosuch/scan', {});

    expect(badCommand.status).toBe(400);
    expect(missing.status).toBe(400);
    expect(noFile.status).toBe(404);
    expect(badQr.status).toBe(400);
    expect(unknownQr.json).toEqual({ ok: false });
  });
});
