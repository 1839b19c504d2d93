import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LogLevel, WebClient } from '@slack/web-api';
import { afterEach, describe, expect, it } from 'vitest';
import { type SlackDouble, slackSignature, startSlackDouble } from '../fakes/slack-double.js';

let double: SlackDouble;
let server: Server | undefined;

afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
  await double.close();
});

/** A bare receiver that records what arrives and acks with an empty 200. */
async function recorder(): Promise<{
  url: string;
  seen: { headers: IncomingMessage['headers']; body: string }[];
}> {
  const seen: { headers: IncomingMessage['headers']; body: string }[] = [];
  const local = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(Buffer.from(c));
    seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
    res.writeHead(200).end();
  });
  server = local;
  await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(local.address() as AddressInfo).port}/slack/events`, seen };
}

const clientWith = (token: string) =>
  new WebClient(token, {
    slackApiUrl: double.apiUrl,
    retryConfig: { retries: 0 },
    logLevel: LogLevel.ERROR,
  });

describe('workflow step executions on the double', () => {
  it('sends a signed function_executed with a fresh execution and token; a retry repeats them', async () => {
    double = await startSlackDouble();
    const bot = await recorder();
    const sent = await double.sendFunctionExecuted(bot.url, {
      callbackId: 'points_spent',
      inputs: { period: '7d' },
    });
    const again = await double.sendFunctionExecuted(bot.url, {
      callbackId: 'points_spent',
      executionId: sent.executionId,
      retryNum: 1,
    });

    const [first, retry] = bot.seen;
    const body = JSON.parse(first!.body) as {
      event_id: string;
      event: Record<string, unknown> & { function: { callback_id: string } };
    };
    expect(body.event).toMatchObject({
      type: 'function_executed',
      function: { callback_id: 'points_spent' },
      inputs: { period: '7d' },
      function_execution_id: sent.executionId,
      bot_access_token: sent.token,
    });
    const timestamp = Number(first!.headers['x-slack-request-timestamp']);
    expect(first!.headers['x-slack-signature']).toBe(
      slackSignature(double.signingSecret, timestamp, first!.body),
    );
    expect(again).toMatchObject({ executionId: sent.executionId, token: sent.token });
    expect(retry!.headers['x-slack-retry-num']).toBe('1');
    expect(JSON.parse(retry!.body).event_id).toBe(body.event_id);
  });

  it("takes one completion per execution, only with that execution's token, and records each try", async () => {
    double = await startSlackDouble();
    const bot = await recorder();
    const sent = await double.sendFunctionExecuted(bot.url, { callbackId: 'points_spent' });

    const withBotToken = clientWith(double.botToken).functions.completeSuccess({
      function_execution_id: sent.executionId,
      outputs: { points: 1 },
    });
    await expect(withBotToken).rejects.toMatchObject({ data: { error: 'not_allowed_token_type' } });
    await clientWith(sent.token).functions.completeSuccess({
      function_execution_id: sent.executionId,
      outputs: { points: 3, budget_points: 0, budget_left: -1 },
    });
    const second = clientWith(sent.token).functions.completeError({
      function_execution_id: sent.executionId,
      error: 'late',
    });
    // The token stops working once its execution is complete.
    await expect(second).rejects.toMatchObject({ data: { error: 'invalid_auth' } });

    expect(double.executions()[0]?.completion).toMatchObject({
      kind: 'success',
      outputs: { points: 3, budget_points: 0, budget_left: -1 },
    });
    expect(double.calls.map((c) => [c.method, c.error])).toEqual([
      ['functions.completeSuccess', 'not_allowed_token_type'],
      ['functions.completeSuccess', undefined],
      ['functions.completeError', 'invalid_auth'],
    ]);
  });
});
