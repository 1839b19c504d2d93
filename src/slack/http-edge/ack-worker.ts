/**
 * The ack thread (see ack-thread.ts): the public port, on an event loop that does nothing else.
 * It never loads Bolt (http-answers.ts).
 */
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { unansweredCount } from './ack-first.js';
import { tablePlanner } from './ack-plan.js';
import {
  type AckThreadData,
  type FromAckThread,
  PEER_ADDRESS,
  ROUTES_SECRET,
  type ToAckThread,
  UNACKED_MS,
} from './ack-thread.js';
import { answerNoBody, answerWith, retryOf } from './http-answers.js';
import { serverOptions, signedInTheFuture } from './http-limits.js';
import { answerUnread, BodyBudget, readBody, refusedUnread } from './read-body.js';
import { decideSlackRequest } from './slack-request.js';
import { slackVerifier } from './slack-signature.js';

type Post = (message: FromAckThread) => void;
type ThreadLog = Record<'info' | 'warn' | 'error', (obj: object, msg: string) => void>;

/** Lines for the main thread's logger; an error's message and stack go as plain fields. */
function threadLogger(post: Post): ThreadLog {
  const logAt =
    (level: 'info' | 'warn' | 'error') =>
    (obj: object, msg: string): void => {
      const { err, ...rest } = obj as { err?: unknown };
      const fields: Record<string, unknown> = { ...rest };
      if (err instanceof Error) fields.err = { message: err.message, stack: err.stack };
      else if (err !== undefined) fields.err = String(err);
      post({ type: 'log', level, fields, msg });
    };
  return { info: logAt('info'), warn: logAt('warn'), error: logAt('error') };
}

/** Headers that belong to one connection, not to the request or its answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);
/**
 * A connection per request to the routes port: a kept-alive one can race the server closing it
 * when idle (ECONNRESET, a 502 for the client). On loopback a new connection costs a fraction of a
 * millisecond, and these routes are not Slack's.
 */
function newUpstreamAgent(data: AckThreadData): Agent {
  return new Agent({ keepAlive: false, maxSockets: data.limits.maxConnections });
}

/** The request's headers for the routes port: the client's own, then the secret and its address. */
function forwarded(req: IncomingMessage, data: AckThreadData): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  headers[ROUTES_SECRET] = data.routesSecret;
  headers[PEER_ADDRESS] = req.socket.remoteAddress ?? '';
  return headers;
}

/**
 * A request that is not Slack's (OAuth install, health, readiness, metrics, the console), passed
 * to the receiver's routes port as received, its answer streamed back as it comes (the console's
 * event stream included).
 */
function toRoutes(
  req: IncomingMessage,
  res: ServerResponse,
  to: { data: AckThreadData; agent: Agent; logger: ThreadLog },
): void {
  const { data, agent, logger } = to;
  const upstream = request(
    {
      host: '127.0.0.1',
      port: data.routesPort,
      method: req.method,
      path: req.url,
      headers: forwarded(req, data),
      agent,
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
    logger.warn({ err, path: req.url?.split('?', 1)[0] }, 'request not passed to the receiver');
    if (!res.headersSent) answerNoBody(res, 502);
    else res.destroy();
  });
  res.once('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

/**
 * Requests whose listener acks: each posted to the main thread with an id (`wait`), its answer
 * coming back as a message (`answer`). Unanswered after UNACKED_MS one gets 404, as Bolt's own
 * receiver answers.
 */
function listenerAnswers(post: Post, logger: ThreadLog) {
  const awaiting = new Map<number, ServerResponse>();
  let nextId = 0;
  return {
    wait(body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse): void {
      const id = ++nextId;
      awaiting.set(id, res);
      const timer = setTimeout(() => {
        if (!awaiting.delete(id)) return;
        logger.error({}, 'a Slack request was not acknowledged in time');
        if (!res.headersSent) answerNoBody(res, 404);
      }, UNACKED_MS);
      res.once('close', () => {
        clearTimeout(timer);
        awaiting.delete(id);
      });
      post({ type: 'listener', id, body, retry: retryOf(req) });
    },
    answer(m: Extract<ToAckThread, { type: 'answer' }>): void {
      const res = awaiting.get(m.id);
      if (!res) return;
      awaiting.delete(m.id);
      if (res.headersSent || res.destroyed) return;
      if (m.status !== undefined) answerNoBody(res, m.status);
      else answerWith(res, m.response);
    },
  };
}

/**
 * A request on /slack/events: refused before its body when it announces one over the limit
 * (413) or is signed in the future (401); else read (within the budget of all bodies), its
 * signature checked before anything is parsed (401), and decided (slack-request.ts). An acked
 * request is posted to the main thread before its ack is written, so a thread that dies after
 * acking has handed it over already.
 */
function slackRequests(
  data: AckThreadData,
  post: Post,
  logger: ThreadLog,
  listeners: ReturnType<typeof listenerAnswers>,
): (req: IncomingMessage, res: ServerResponse) => void {
  const budget = new BodyBudget(data.limits.bodyBudgetBytes);
  const check = { verify: slackVerifier(data.signingSecret), planner: tablePlanner(data.plan) };
  const pending = unansweredCount((unanswered, lastArrivalAt) =>
    post({ type: 'pending', unanswered, lastArrivalAt }),
  );
  return (req, res) =>
    slackRequest(req, res, { data, post, logger, listeners, budget, check, pending });
}

function slackRequest(
  req: IncomingMessage,
  res: ServerResponse,
  p: {
    data: AckThreadData;
    post: Post;
    logger: ThreadLog;
    listeners: ReturnType<typeof listenerAnswers>;
    budget: BodyBudget;
    check: Parameters<typeof decideSlackRequest>[2];
    pending: ReturnType<typeof unansweredCount>;
  },
): void {
  const { data, post, logger, listeners, budget, check, pending } = p;
  const unread = refusedUnread(req, data.limits.bodyLimitBytes, Date.now(), signedInTheFuture);
  if (unread) {
    logger.warn({ status: unread }, 'Slack request refused before its body');
    res.writeHead(unread, { connection: 'close' }).end();
    return;
  }
  pending.arrived();
  // A response emits 'close' once, after 'finish' when it was sent, or when the socket is gone.
  res.once('close', () => pending.answered());
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
          const ackedAt = performance.timeOrigin + performance.now();
          post({ type: 'acked', body, retry: retryOf(req), command, ackedAt });
          return answerWith(res, decided.response);
        }
        case 'listener':
          return listeners.wait(decided.body, req, res);
      }
    },
    budget,
  );
}

/** The thread's program: the public port until the main thread says close. */
function runAckThread(port: MessagePort, data: AckThreadData): void {
  const post: Post = (message) => port.postMessage(message);
  const logger = threadLogger(post);
  const agent = newUpstreamAgent(data);
  const listeners = listenerAnswers(post, logger);
  const slack = slackRequests(data, post, logger, listeners);
  let closing = false;
  const server = createServer(serverOptions(data.limits), (req, res) => {
    // Once stopping, a kept-alive connection closes after its answer instead of idling.
    if (closing) res.shouldKeepAlive = false;
    const path = req.url?.split('?', 1)[0];
    if (req.method?.toUpperCase() === 'POST' && path === '/slack/events') slack(req, res);
    else toRoutes(req, res, { data, agent, logger });
  });
  server.maxConnections = data.limits.maxConnections;
  server.once('error', (err: NodeJS.ErrnoException) =>
    post({ type: 'failed', message: err.message, code: err.code }),
  );
  server.listen(data.listen, () =>
    post({ type: 'listening', address: server.address() as AddressInfo }),
  );
  port.on('message', (m: ToAckThread) => {
    if (m.type === 'answer') return listeners.answer(m);
    if (closing) return;
    closing = true;
    // No new connections; those open finish their requests (idle ones close at once), and every
    // ack's message is posted before 'closed', so the main thread has them all.
    server.close(() => {
      agent.destroy();
      post({ type: 'closed' });
    });
    server.closeIdleConnections();
  });
}

if (!parentPort) throw new Error('ack-worker.ts runs as a worker thread');
runAckThread(parentPort, workerData as AckThreadData);
