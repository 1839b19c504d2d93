import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTPModuleFunctions as bolt } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerNoBody, answerWith, retryOf } from '../../../src/slack/http-edge/http-answers.js';

/**
 * The ack thread answers without loading Bolt (http-answers.ts): its answers and its reading of
 * Slack's retry headers must be Bolt's own, byte for byte, for every kind of ack.
 */
type Answer = (req: IncomingMessage, res: ServerResponse) => void;
let answer: Answer = () => {};
const server = createServer((req, res) => answer(req, res));
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

/** Status, headers that are not the connection's own, and body of an answer. */
async function seen(a: Answer, headers: Record<string, string> = {}) {
  answer = a;
  const res = await fetch(base, { headers });
  const kept = [...res.headers].filter(
    ([name]) => !['date', 'connection', 'keep-alive'].includes(name),
  );
  return { status: res.status, headers: kept, body: await res.text() };
}

describe("the ack thread's answers", () => {
  const bodies: unknown[] = [
    undefined,
    '',
    'plain text',
    { response_action: 'errors', errors: { b1: '请修正' } },
    { text: 'ok' },
  ];
  for (const body of bodies) {
    it(`answers ${JSON.stringify(body) ?? 'nothing'} as Bolt does`, async () => {
      const ours = await seen((_req, res) => answerWith(res, body));
      const bolts = await seen((_req, res) => bolt.buildContentResponse(res, body));
      expect(ours).toEqual(bolts);
    });
  }

  it('answers a status without a body as Bolt does', async () => {
    for (const status of [401, 404, 413, 500, 503]) {
      expect(await seen((_req, res) => answerNoBody(res, status))).toEqual(
        await seen((_req, res) => bolt.buildNoBodyResponse(res, status)),
      );
    }
  });

  it("reads Slack's retry headers as Bolt does", async () => {
    const read: unknown[] = [];
    const cases: Record<string, string>[] = [
      {},
      { 'x-slack-retry-num': '2', 'x-slack-retry-reason': 'http_timeout' },
      { 'x-slack-retry-num': 'x' },
    ];
    for (const headers of cases) {
      await seen((req, res) => {
        read.push([
          retryOf(req),
          {
            retryNum: bolt.extractRetryNumFromHTTPRequest(req),
            retryReason: bolt.extractRetryReasonFromHTTPRequest(req),
          },
        ]);
        res.end();
      }, headers);
    }
    for (const [ours, bolts] of read as [unknown, unknown][]) expect(ours).toEqual(bolts);
    expect(read[1]).toEqual([
      { retryNum: 2, retryReason: 'http_timeout' },
      { retryNum: 2, retryReason: 'http_timeout' },
    ]);
  });
});
