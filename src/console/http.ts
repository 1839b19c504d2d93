import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CustomRoute } from '@slack/bolt';
import type { z } from 'zod';
import { BodyTooLarge, readBody, sendJson, sendTooLarge } from '../slack-double/http-body.js';

export { sendJson };

export class BadRequest extends Error {}

const PAGE_BODY_BYTES = 64 * 1024;

/** The page's JSON body, checked against a strict schema; BadRequest when it does not fit. */
export async function readJson<T>(req: IncomingMessage, schema: z.ZodType<T>): Promise<T> {
  // A JSON content type cannot be sent cross-site without a CORS preflight, which we never grant.
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    throw new BadRequest('send JSON (content-type: application/json)');
  }
  // The page sends a command line or a click, never more than a few kilobytes.
  const raw = (await readBody(req, PAGE_BODY_BYTES)).toString('utf8');
  let value: unknown;
  try {
    value = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    throw new BadRequest('body is not JSON');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadRequest(parsed.error.issues[0]?.message ?? 'bad request');
  return parsed.data;
}

/** Runs an async route body; a BadRequest answers 400, anything else 500 with its message. */
export type RouteRequest = Parameters<CustomRoute['handler']>[0];

/** A path parameter as one string (path-to-regexp gives lists for wildcards). */
export function param(req: RouteRequest, name: string): string {
  const v = req.params?.[name];
  return Array.isArray(v) ? v.join('/') : (v ?? '');
}

export function guarded(
  work: (req: RouteRequest, res: ServerResponse) => Promise<void>,
  onError: (err: unknown) => void,
): CustomRoute['handler'] {
  return (req, res) => {
    work(req, res).catch((err: unknown) => {
      if (res.headersSent) return res.end();
      if (err instanceof BadRequest) return sendJson(res, 400, { ok: false, error: err.message });
      if (err instanceof BodyTooLarge) return sendTooLarge(res, err);
      onError(err);
      sendJson(res, 500, { ok: false, error: err instanceof Error ? err.message : String(err) });
    });
  };
}
