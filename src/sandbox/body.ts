import type { IncomingMessage } from 'node:http';
import { ParamError } from './answer.js';

const MAX_BODY_BYTES = 1_000_000;

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new ParamError('request body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** multipart/form-data or urlencoded, parsed by the WHATWG Response built into Node. */
export async function formFields(
  contentType: string | undefined,
  raw: Buffer,
): Promise<Record<string, string>> {
  const ct = contentType ?? '';
  if (!/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(ct)) {
    throw new ParamError('send the fields as multipart/form-data or x-www-form-urlencoded');
  }
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'content-type': ct } }).formData();
  } catch {
    throw new ParamError('the form body could not be read');
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string' && !(name in fields)) fields[name] = value;
  }
  return fields;
}

export function jsonBody(raw: Buffer): unknown {
  if (raw.length === 0) throw new ParamError('a JSON body is required');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ParamError('the body is not valid JSON');
  }
}

export function queryFields(search: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of search) if (!(name in fields)) fields[name] = value;
  return fields;
}
