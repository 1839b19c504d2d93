import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from './api-error.js';
import type { Method } from './context.js';
import {
  BodyTooLarge,
  parseArgs,
  parseMultipart,
  readBody,
  sendJson,
  sendTooLarge,
} from './http-body.js';
import { chatMethods } from './methods/chat.js';
import { fileMethods } from './methods/files.js';
import { functionMethods } from './methods/functions.js';
import { identityMethods } from './methods/identity.js';
import { oauthAccess } from './methods/oauth.js';
import { peopleMethods } from './methods/people.js';
import { viewMethods } from './methods/views.js';
import { respond } from './response-url.js';
import type { DoubleState } from './state.js';

const METHODS: Record<string, Method> = {
  ...chatMethods,
  ...viewMethods,
  ...fileMethods,
  ...identityMethods,
  ...peopleMethods,
  ...functionMethods,
};

/** The double's request handler: /api/{method}, /upload/v1/{file}, /response/{token}. */
export function handler(state: DoubleState, baseUrl: () => string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const url = new URL(req.url ?? '/', 'http://double');
      const body = await readBody(req);
      const [, area, ...rest] = url.pathname.split('/');
      if (area === 'api' && rest.length === 1 && rest[0]) {
        await api(state, baseUrl(), rest[0], req, url, body, res);
      } else if (area === 'upload' && req.method === 'POST' && rest.length === 2) {
        upload(state, rest[1] ?? '', req, body, res);
      } else if (area === 'response' && req.method === 'POST' && rest.length === 1) {
        responseUrl(state, rest[0] ?? '', req, body, res);
      } else {
        sendJson(res, 404, { ok: false, error: 'not_found' });
      }
    } catch (err) {
      if (err instanceof BodyTooLarge) return sendTooLarge(res, err);
      sendJson(res, 500, { ok: false, error: 'internal_error', detail: String(err) });
    }
  };
}

async function api(
  state: DoubleState,
  baseUrl: string,
  method: string,
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  res: ServerResponse,
): Promise<void> {
  let args: Record<string, unknown>;
  try {
    args =
      req.method === 'GET'
        ? Object.fromEntries(url.searchParams)
        : parseArgs(req.headers['content-type'], body);
  } catch {
    state.record({ method, args: {}, at: state.now(), error: 'invalid_json' });
    return sendJson(res, 200, { ok: false, error: 'invalid_json' });
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const token = bearer ?? (typeof args.token === 'string' ? args.token : undefined);
  delete args.token;
  const at = state.now();
  const answer = (
    status: number,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const error = payload.ok === false ? String(payload.error) : undefined;
    state.record({
      method,
      args,
      at,
      ...(token ? { tokenLast4: token.slice(-4) } : {}),
      ...(error ? { error } : {}),
    });
    sendJson(res, status, payload, headers);
  };

  if (method === 'oauth.v2.access') {
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    try {
      return answer(200, { ok: true, ...oauthAccess(state, args, id, secret) });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return answer(200, { ok: false, error: err.error });
    }
  }
  const run = METHODS[method];
  if (!run) return answer(200, { ok: false, error: 'unknown_method' });
  if (!token) return answer(200, { ok: false, error: 'not_authed' });
  if (!state.knowsToken(token)) return answer(200, { ok: false, error: 'invalid_auth' });
  const outage = state.takeOutage(method);
  if (outage === 'ratelimited') {
    const retryAfter = String(state.outage.retryAfter ?? 1);
    return answer(429, { ok: false, error: 'ratelimited' }, { 'retry-after': retryAfter });
  }
  if (outage === 'unavailable') {
    return answer(503, { ok: false, error: 'service_unavailable' });
  }
  const failure = state.takeFailure(method);
  if (failure?.status === 429) {
    const retryAfter = String(failure.retryAfter ?? 1);
    return answer(
      429,
      { ok: false, error: failure.error ?? 'ratelimited' },
      { 'retry-after': retryAfter },
    );
  }
  if (failure?.network) {
    state.record({ method, args, at, error: 'network' });
    res.socket?.destroy();
    return;
  }
  if (failure?.status)
    return answer(failure.status, { ok: false, error: failure.error ?? 'fatal_error' });
  if (failure) return answer(200, { ok: false, error: failure.error ?? 'internal_error' });
  try {
    answer(200, { ok: true, ...run({ state, args, baseUrl, token }) });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    answer(200, { ok: false, error: err.error, ...err.extra });
  }
}

/** The upload step of files.uploadV2: multipart (what @slack/web-api sends) or raw bytes. */
function upload(
  state: DoubleState,
  fileId: string,
  req: IncomingMessage,
  body: Buffer,
  res: ServerResponse,
): void {
  const file = state.files.get(fileId);
  if (!file) {
    res.writeHead(404).end('file not found');
    return;
  }
  const type = req.headers['content-type'] ?? '';
  const parts = type.includes('multipart/form-data') ? parseMultipart(type, body) : [];
  const part = parts.find((p) => p.filename !== undefined) ?? parts[0];
  const bytes = part ? part.data : body;
  state.saveFile({ ...file, bytes, uploaded: true });
  state.record({
    method: 'files.upload.external',
    args: { file_id: fileId, length: bytes.length },
    at: state.now(),
  });
  res.writeHead(200, { 'content-type': 'text/plain' }).end(`OK - ${bytes.length}`);
}

function responseUrl(
  state: DoubleState,
  token: string,
  req: IncomingMessage,
  body: Buffer,
  res: ServerResponse,
): void {
  const args = parseArgs(req.headers['content-type'] ?? 'application/json', body);
  const at = state.now();
  try {
    respond(state, token, args);
    state.record({ method: 'response_url', args, at });
    sendJson(res, 200, { ok: true });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    state.record({ method: 'response_url', args, at, error: err.error });
    const gone = err.error === 'expired_url' || err.error === 'used_url';
    sendJson(res, gone ? 404 : 400, { ok: false, error: err.error, ...err.extra });
  }
}
