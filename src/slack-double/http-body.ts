import type { IncomingMessage, ServerResponse } from 'node:http';

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
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
