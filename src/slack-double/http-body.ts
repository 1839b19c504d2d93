import type { IncomingMessage, ServerResponse } from 'node:http';

/** The most a request body may carry (a file upload included); a longer one is answered 413. */
export const MAX_REQUEST_BYTES = 20 * 1024 * 1024;

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/**
 * The whole body, counted as it arrives: past `limit` (or a Content-Length saying so) it stops
 * with BodyTooLarge instead of holding whatever a client sends.
 */
export async function readBody(req: IncomingMessage, limit = MAX_REQUEST_BYTES): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) throw new BodyTooLarge(limit);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    total += buf.length;
    if (total > limit) throw new BodyTooLarge(limit);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** 413, then the connection closes: the rest of the body is never read. */
export function sendTooLarge(res: ServerResponse, err: BodyTooLarge): void {
  res.once('finish', () => res.socket?.destroy());
  sendJson(
    res,
    413,
    { ok: false, error: 'request_too_large', limit: err.limit },
    {
      connection: 'close',
    },
  );
}

/** Form-urlencoded or JSON API arguments (as @slack/web-api and Bolt's respond() send them). */
export function parseArgs(contentType: string | undefined, body: Buffer): Record<string, unknown> {
  const text = body.toString('utf8');
  if (contentType?.includes('application/json')) {
    if (text.trim() === '') return {};
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? { ...parsed } : {};
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export interface Part {
  name: string;
  filename?: string;
  data: Buffer;
}

/** A minimal multipart/form-data reader: enough for what an HTTP client uploads. */
export function parseMultipart(contentType: string, body: Buffer): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return [];
  const delimiter = Buffer.from(`--${mark}`);
  const parts: Part[] = [];
  let pos = body.indexOf(delimiter);
  while (pos !== -1) {
    const start = pos + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    // Each part: CRLF, headers, blank line, data, CRLF before the next delimiter.
    const raw = body.subarray(start + 2, next - 2);
    const split = raw.indexOf('\r\n\r\n');
    if (split !== -1) {
      const headers = raw.subarray(0, split).toString('utf8');
      const name = /name="([^"]*)"/i.exec(headers)?.[1] ?? '';
      const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
      parts.push({ name, filename, data: Buffer.from(raw.subarray(split + 4)) });
    }
    pos = next;
  }
  return parts;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}
