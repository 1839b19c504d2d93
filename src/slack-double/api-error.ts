/** A Slack Web API error answer: HTTP 200 with `{ ok: false, error }`. */
export class ApiError extends Error {
  constructor(
    readonly error: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(error);
    this.name = 'ApiError';
  }
}

export type Args = Record<string, unknown>;

export function str(args: Args, key: string): string | undefined {
  const v = args[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

export function required(args: Args, key: string, error = 'invalid_arguments'): string {
  const v = str(args, key);
  if (v === undefined || v === '') throw new ApiError(error);
  return v;
}

export function bool(args: Args, key: string): boolean {
  const v = args[key];
  return v === true || v === 'true' || v === '1' || v === 1;
}

/** A field @slack/web-api sends JSON-encoded in a form body, or as-is in a JSON body. */
export function json(args: Args, key: string, error = 'invalid_arguments'): unknown {
  const v = args[key];
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    throw new ApiError(error);
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
