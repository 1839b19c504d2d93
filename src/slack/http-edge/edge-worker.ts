/**
 * The ack thread (see edge-thread.ts): the public port, on an event loop of its own. Every
 * request on /slack/events is read and its signature checked here (401 when it does not hold);
 * what acks at once (slack-request.ts: lookup commands, Events API deliveries) is posted to the
 * main thread and acked; what needs its listener's answer is passed, with its body, to the
 * receiver (slack-receiver.ts) on the main thread's loopback port, as are the other routes.
 */
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { tablePlanner } from './ack-plan.js';
import type { EdgeThreadData, FromEdge, ToEdge } from './edge-thread.js';
import { answerNoBody, answerWith, retryOf } from './http-answers.js';
import { serverOptions, signedInTheFuture } from './http-limits.js';
import { answerUnread, BodyBudget, readBody, refusedUnread } from './read-body.js';
import type { EdgeLog } from './slack-receiver.js';
import { decideSlackRequest } from './slack-request.js';
import { slackVerifier } from './slack-signature.js';

const port = parentPort;
if (!port) throw new Error('edge-worker.ts runs as a worker thread');
const data = workerData as EdgeThreadData;
const post = (message: FromEdge) => port.postMessage(message);

/** Lines for the main thread's logger; an error's message and stack go as plain fields. */
const logAt =
  (level: 'info' | 'warn' | 'error') =>
  (obj: object, msg: string): void => {
    const { err, ...rest } = obj as { err?: unknown };
    const fields: Record<string, unknown> = { ...rest };
    if (err instanceof Error) fields.err = { message: err.message, stack: err.stack };
    else if (err !== undefined) fields.err = String(err);
    post({ type: 'log', level, fields, msg });
  };
const logger: EdgeLog = { info: logAt('info'), warn: logAt('warn'), error: logAt('error') };

/** Headers that belong to one connection, not to the request or its answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);
/**
 * A connection per request to Bolt: a kept-alive one raced Bolt's server closing it after 5 s
 * idle (a request sent on it as it closed failed with ECONNRESET, seen as a 502 in the scale
 * benchmark's set-up). On loopback a new connection costs a fraction of a millisecond.
 */
const upstreamAgent = new Agent({ keepAlive: false, maxSockets: data.limits.maxConnections });

/** The request's headers for Bolt, without those of the client's own connection. */
function forwarded(req: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'connection' && name !== 'keep-alive')
      headers[name] = value;
  }
  return headers;
}

/**
 * A request whose answer is the main thread's, passed to its receiver on the loopback port: the
 * method, path, headers and body as received (the body already read for /slack/events),
 * the answer back as it comes.
 */
function toBolt(req: IncomingMessage, res: ServerResponse, body?: Buffer): void {
  const upstream = request(
    {
      host: '127.0.0.1',
      port: data.upstreamPort,
      method: req.method,
      path: req.url,
      headers: forwarded(req),
      agent: upstreamAgent,
    },
    (answer) => {
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
      }
      res.writeHead(answer.statusCode ?? 502);
      answer.pipe(res);
    },
  );
  upstream.on('error', (err) => {
    logger.warn({ err, path: req.url?.split('?', 1)[0] }, 'request not passed to Bolt');
    if (!res.headersSent) answerNoBody(res, 502);
    else res.destroy();
  });
  res.once('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  if (body !== undefined) upstream.end(body);
  else req.pipe(upstream);
}

const budget = new BodyBudget(data.limits.bodyBudgetBytes);
const check = { verify: slackVerifier(data.signingSecret), planner: tablePlanner(data.plan) };

/**
 * A request on /slack/events: refused before its body when it announces one over the limit
 * (413) or is signed in the future (401); else read (within the budget of all bodies), its
 * signature checked before anything is parsed (401), and decided (slack-request.ts). An acked
 * request is posted to the main thread before its ack is written, so a thread that dies after
 * acking has handed it over already.
 */
function slackRequest(req: IncomingMessage, res: ServerResponse): void {
  const unread = refusedUnread(req, data.limits.bodyLimitBytes, Date.now(), signedInTheFuture);
  if (unread) {
    logger.warn({ status: unread }, 'Slack request refused before its body');
    res.writeHead(unread, { connection: 'close' }).end();
    return;
  }
  readBody(
    req,
    data.limits.bodyLimitBytes,
    (failure, raw) => {
      if (failure) return answerUnread(failure, res, logger);
      const headers = {
        timestamp: req.headers['x-slack-request-timestamp'],
        signature: req.headers['x-slack-signature'],
        contentType: req.headers['content-type'],
      };
      const decided = decideSlackRequest(raw, headers, check, Date.now());
      switch (decided.kind) {
        case 'refuse':
          logger.warn({ status: decided.status, why: decided.why }, 'Slack request refused');
          return answerNoBody(res, decided.status);
        case 'answer':
          return answerWith(res, decided.body);
        case 'acked': {
          const { body, command } = decided;
          post({ type: 'acked', acked: { body, ...retryOf(req), command } });
          return answerWith(res, decided.response);
        }
        case 'listener':
          return toBolt(req, res, raw);
      }
    },
    budget,
  );
}

let closing = false;
const server = createServer(serverOptions(data.limits), (req, res) => {
  // Once stopping, a kept-alive connection closes after its answer instead of idling.
  if (closing) res.shouldKeepAlive = false;
  const path = req.url?.split('?', 1)[0];
  if (req.method === 'POST' && path === '/slack/events') slackRequest(req, res);
  else toBolt(req, res);
});
server.maxConnections = data.limits.maxConnections;
server.once('error', (err: NodeJS.ErrnoException) =>
  post({ type: 'failed', message: err.message, code: err.code }),
);
const listening = () => {
  const address = server.address();
  post({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
};
if (data.host) server.listen(data.port, data.host, listening);
else server.listen(data.port, listening);

port.on('message', (message: ToEdge) => {
  if (message.type !== 'close' || closing) return;
  closing = true;
  // No new connections; those open finish their requests (idle ones close at once), and every
  // ack's message is posted before 'closed', so the main thread has them all.
  server.close(() => {
    upstreamAgent.destroy();
    post({ type: 'closed' });
  });
});
