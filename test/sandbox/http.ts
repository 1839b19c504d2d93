import type { Sandbox, SandboxOptions } from '../../src/sandbox/index.js';
import { startSandbox } from '../../src/sandbox/index.js';

export const TOKEN = 'test-token';
/** 2024-05-01 12:00 in Shanghai */
export const T0 = Date.UTC(2024, 4, 1, 4, 0, 0);

export const PATHS = {
  qrCreate: '/papi/tool/accounts/set-media-url',
  accountData: '/papi/tool/accounts/get-media-data',
  qrStatus: '/papi/tool/accounts/sel-media-stu',
  coupons: '/papi/tool/waimai/partner_couponList',
  punishments: '/papi/tool/affiliate/affpunishorder',
  payOrder: '/papi/tool/accounts/merchant-order-detail',
  shopOrders: '/papi/tool/erps/paging-orders',
} as const;

export interface Envelope {
  code: number;
  msec: number;
  msg: string;
  time: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read loosely-shaped gateway data
  data: any;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Envelope;
}

/** A sandbox on an OS-chosen port with a hand-driven clock starting at T0. */
export async function startTestSandbox(options: SandboxOptions = {}) {
  const clock = { now: T0 };
  // The clock stands still, so only the rate-limit tests keep the documented limit of 10.
  const sandbox = await startSandbox({
    clock: () => clock.now,
    anchor: T0,
    rateLimitPerSecond: 10_000,
    ...options,
  });
  return { sandbox, clock };
}

async function send(url: string, init: RequestInit): Promise<Answer> {
  const res = await fetch(url, init);
  // The sandbox always answers with the envelope; its data is read loosely by each test.
  return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope };
}

const auth = (token: string | null): Record<string, string> =>
  token === null ? {} : { authorization: `Bearer ${token}` };

export function get(
  sandbox: Sandbox,
  path: string,
  query: Record<string, string> = {},
  token: string | null = TOKEN,
): Promise<Answer> {
  const qs = new URLSearchParams(query).toString();
  return send(`${sandbox.url}${path}${qs ? `?${qs}` : ''}`, { headers: auth(token) });
}

/** multipart/form-data, as the document's examples send it */
export function postForm(
  sandbox: Sandbox,
  path: string,
  fields: Record<string, string>,
  token: string | null = TOKEN,
): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return send(`${sandbox.url}${path}`, { method: 'POST', body: form, headers: auth(token) });
}

export function postUrlEncoded(
  sandbox: Sandbox,
  path: string,
  fields: Record<string, string>,
): Promise<Answer> {
  return send(`${sandbox.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: auth(TOKEN),
  });
}

export function postJson(sandbox: Sandbox, path: string, body: unknown): Promise<Answer> {
  return send(`${sandbox.url}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { ...auth(TOKEN), 'content-type': 'application/json' },
  });
}
