/**
 * The edge thread (see edge-thread.ts): the public port, on an event loop of its own. It answers
 * what the early path can decide (early-ack.ts: lookup commands and Events API deliveries, their
 * signature checked, acked here) and posts each acked request to the main thread; everything else
 * is passed, as it came, to Bolt's receiver on the main thread's loopback port.
 */
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { afterPendingAcks } from './ack-first.js';
import { type AckedRequest, ackCommandsEarly, type EdgeLog, teamOf } from './early-ack.js';
import { tablePlanner } from './edge-plan.js';
import type { EdgeThreadData, FromEdge, ToEdge } from './edge-thread.js';
import { answerNoBody } from './http-answers.js';
import { guardRequests, serverOptions } from './http-limits.js';

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
 * A request the early path leaves to Bolt, passed to its receiver on the loopback port: the
 * method, path, headers and body as received (the body already read when the early path read it),
 * the answer back as it comes.
 */
function toBolt(req: IncomingMessage & { rawBody?: Buffer }, res: ServerResponse): void {
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
  if (req.rawBody !== undefined) upstream.end(req.rawBody);
  else req.pipe(upstream);
}

const planner = tablePlanner(data.plan);
/** Acked requests not posted yet: a stop posts them all before it says 'closed'. */
const unposted = new Set<Promise<void>>();
const early = ackCommandsEarly(toBolt, {
  signingSecret: data.signingSecret,
  bodyLimit: data.limits.bodyLimitBytes,
  logger,
  planner: () => planner,
  // Posted once the acks this thread owes are out (ack-first.ts): under a burst the main thread
  // would otherwise start each command's work while the thread still had acks to send, the two
  // competing for the same cores.
  deliver: (acked: AckedRequest) => {
    const posting: Promise<void> = afterPendingAcks(teamOf(acked.body))
      .then(() => post({ type: 'acked', acked }))
      .catch((err) => logger.error({ err }, 'acked request not handed to the main thread'))
      .finally(() => unposted.delete(posting));
    unposted.add(posting);
  },
});

let closing = false;
const guarded = guardRequests(early, data.limits);
const server = createServer(serverOptions(data.limits), (req, res) => {
  // Once stopping, a kept-alive connection closes after its answer instead of idling.
  if (closing) res.shouldKeepAlive = false;
  guarded(req, res);
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
    void Promise.all(unposted).then(() => post({ type: 'closed' }));
  });
});
