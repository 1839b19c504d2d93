import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The answers and retry headers of Bolt's HTTPModuleFunctions (buildContentResponse,
 * buildNoBodyResponse, extractRetryNum/ReasonFromHTTPRequest), written out here because the ack
 * thread (ack-worker.ts) must not load Bolt: importing them pulled Bolt's whole package (its Web
 * API client, axios, the Socket Mode client) into the thread's own heap, about 9 MiB of the
 * process's idle memory. Same bytes on the wire; test/slack/http-edge/http-answers.test.ts holds
 * them to Bolt's own.
 */
export function answerWith(res: ServerResponse, body: unknown): void {
  if (!body) {
    res.writeHead(200);
    res.end();
  } else if (typeof body === 'string') {
    res.writeHead(200);
    res.end(body);
  } else {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
}

export function answerNoBody(res: ServerResponse, status: number): void {
  res.writeHead(status);
  res.end();
}

function firstHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Slack's retry headers, as Bolt reads them: the retry's number and why Slack retried. */
export function retryOf(req: IncomingMessage): { retryNum?: number; retryReason?: string } {
  const num = firstHeader(req, 'x-slack-retry-num');
  const reason = firstHeader(req, 'x-slack-retry-reason');
  return {
    retryNum: num === undefined ? undefined : Number.parseInt(num, 10),
    retryReason: reason,
  };
}
