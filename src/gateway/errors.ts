import type { OperationName } from './operation.js';

export interface GatewayErrorInit {
  operation: OperationName;
  requestId: string;
  httpStatus?: number;
  cause?: unknown;
}

/** Every failure of a gateway call. `meaning` and `remedy` are safe to show to a person. */
export abstract class GatewayError extends Error {
  abstract readonly kind: string;
  abstract readonly retryable: boolean;
  readonly operation: OperationName;
  readonly requestId: string;
  readonly httpStatus?: number;
  /** Envelope code when the gateway answered with one. */
  readonly code?: number;
  readonly meaning: string;
  readonly remedy: string;
  /** Points the failed answer still carried in `withholding_money`, if any. */
  charged = 0;

  constructor(init: GatewayErrorInit & { meaning: string; remedy: string; code?: number }) {
    super(init.code === undefined ? init.meaning : `${init.code} ${init.meaning}`, {
      cause: init.cause,
    });
    this.name = new.target.name;
    this.operation = init.operation;
    this.requestId = init.requestId;
    this.httpStatus = init.httpStatus;
    this.code = init.code;
    this.meaning = init.meaning;
    this.remedy = init.remedy;
  }
}

/** The gateway answered with an envelope whose code is not 0. */
export class GatewayApiError extends GatewayError {
  readonly kind = 'api';
  readonly retryable: boolean;
  /** The gateway's own `msg`, for the log. */
  readonly gatewayMessage: string;
  /** For 302: the QR-scan authorization link the gateway returned. */
  readonly authUrl?: string;
  readonly reason: ApiReason;

  constructor(
    init: GatewayErrorInit & {
      code: number;
      reason: ApiReason;
      gatewayMessage: string;
      authUrl?: string;
    },
  ) {
    const row = API_CODES[init.reason];
    super({ ...init, meaning: row.meaning, remedy: row.remedy });
    this.reason = init.reason;
    this.retryable = row.retryable;
    this.gatewayMessage = init.gatewayMessage;
    this.authUrl = init.authUrl;
  }
}

export type ApiReason =
  | 'param'
  | 'timeout'
  | 'account-missing'
  | 'system'
  | 'system-busy'
  | 'unsupported'
  | 'no-permission'
  | 'quota'
  | 'unauthorized-shop'
  | 'credential'
  | 'not-found'
  | 'unknown';

/** The document's error table (paraphrased), one row per distinct meaning. */
export const API_CODES: Record<
  ApiReason,
  { code?: number; meaning: string; remedy: string; retryable: boolean }
> = {
  param: {
    code: 100,
    meaning: 'Request parameter error',
    remedy: 'Check the request parameters',
    retryable: false,
  },
  timeout: {
    code: 101,
    meaning: 'Request timed out at the gateway',
    remedy: 'Retry; if it persists, check the network or contact customer service',
    retryable: true,
  },
  'account-missing': {
    code: 103,
    meaning: 'The instant-messaging account does not exist',
    remedy: 'Check the account you entered',
    retryable: false,
  },
  system: {
    code: 200,
    meaning: 'Gateway system error',
    remedy: 'Check the gateway address (GATEWAY_BASE_URL); otherwise contact customer service',
    retryable: false,
  },
  'system-busy': {
    code: 202,
    meaning: 'Gateway system error, try later',
    remedy: 'Retry later or contact the integration group',
    retryable: true,
  },
  unsupported: {
    code: 203,
    meaning: 'This operation is currently not supported by the gateway',
    remedy: 'None: the gateway does not offer it at the moment',
    retryable: false,
  },
  'no-permission': {
    code: 204,
    meaning: 'No permission for this operation',
    remedy: "Open the operation's permission on the gateway's official site",
    retryable: false,
  },
  quota: {
    code: 204,
    meaning: 'Not enough API call count left on the gateway account',
    remedy: "Top up the call count on the gateway's site",
    retryable: false,
  },
  'unauthorized-shop': {
    code: 302,
    meaning: 'The shop (or end user) has not authorized this account',
    remedy: 'Scan-authorize through the returned link, then run the command again',
    retryable: false,
  },
  credential: {
    code: 401,
    meaning: 'The gateway access token is missing or invalid',
    remedy: 'An admin must set a valid gateway token (GATEWAY_TOKEN, or /querydesk config)',
    retryable: false,
  },
  'not-found': {
    code: 404,
    meaning: 'Gateway request path or method wrong',
    remedy: 'Check GATEWAY_BASE_URL; querydesk may need an update for this gateway',
    retryable: false,
  },
  unknown: {
    meaning: 'The gateway returned an undocumented result code',
    remedy: 'Retry later; if it persists, contact customer service with the request id',
    retryable: false,
  },
};

/** The request could not be carried out or its answer could not be read. */
export class GatewayTransportError extends GatewayError {
  readonly kind: 'timeout' | 'connection' | 'http' | 'rate-limited' | 'bad-response' | 'too-large';
  readonly retryable: boolean;
  /** Raw body for the log; never shown in Slack. */
  readonly bodyExcerpt?: string;
  /** Seconds the gateway asked us to wait (HTTP Retry-After). */
  readonly retryAfterSec?: number;
  /**
   * The request may have reached the gateway and been charged, but no envelope says so: a
   * timeout or a cut connection after sending, a 5xx, an unreadable 2xx. A paid call is then not
   * retried, and the call is recorded as "maybe charged".
   */
  readonly chargeUnknown: boolean;

  constructor(
    init: GatewayErrorInit & {
      kind: GatewayTransportError['kind'];
      detail?: string;
      bodyExcerpt?: string;
      retryAfterSec?: number;
      chargeUnknown?: boolean;
    },
  ) {
    const text = TRANSPORT_TEXT[init.kind];
    super({ ...init, meaning: text.meaning, remedy: text.remedy });
    this.kind = init.kind;
    this.bodyExcerpt = init.bodyExcerpt;
    this.retryAfterSec = init.retryAfterSec;
    this.chargeUnknown = init.chargeUnknown ?? false;
    this.retryable =
      init.kind === 'timeout' ||
      init.kind === 'connection' ||
      init.kind === 'rate-limited' ||
      (init.kind === 'http' && (init.httpStatus ?? 0) >= 500);
  }
}

const TRANSPORT_TEXT: Record<GatewayTransportError['kind'], { meaning: string; remedy: string }> = {
  timeout: {
    meaning: 'The gateway did not answer in time',
    remedy: 'Try again in a moment; if it persists, check the gateway status',
  },
  connection: {
    meaning: 'Could not connect to the gateway',
    remedy: 'Check GATEWAY_BASE_URL and the network, then try again',
  },
  http: {
    meaning: 'The gateway answered with an HTTP error',
    remedy: 'Try again later; if it persists, contact customer service with the request id',
  },
  'rate-limited': {
    meaning: 'The gateway is rate limiting this operation',
    remedy: 'Wait a few seconds and try again',
  },
  'too-large': {
    meaning: 'The gateway sent an answer larger than querydesk reads (5 MB); it was cut off',
    remedy:
      'Ask for a smaller page (size=) and try again; if it persists, report it with the request id',
  },
  'bad-response': {
    meaning: 'The gateway sent an answer querydesk cannot read',
    remedy: 'Try again later; if it persists, report it with the request id',
  },
};

/** Refused before sending: the input breaks a documented rule. Nothing was sent. */
export class GatewayInputError extends GatewayError {
  readonly kind = 'input';
  readonly retryable = false;
  readonly problems: { field: string; message: string }[];

  constructor(init: GatewayErrorInit & { problems: { field: string; message: string }[] }) {
    super({
      ...init,
      meaning: init.problems
        .map((p) => (p.field ? `${p.field}: ${p.message}` : p.message))
        .join('; '),
      remedy: 'Correct the input and try again',
    });
    this.problems = init.problems;
  }
}

/** Refused before sending: too much work already queued for this operation. */
export class GatewayBusyError extends GatewayError {
  readonly kind = 'busy';
  readonly retryable = false;
  readonly queued: number;
  readonly waitMs: number;

  constructor(init: GatewayErrorInit & { queued: number; waitMs: number }) {
    super({
      ...init,
      meaning: `So many ${init.operation} requests are waiting (${init.queued} queued) that this one would wait about ${init.waitMs < 120_000 ? `${Math.ceil(init.waitMs / 1000)} s` : `${Math.round(init.waitMs / 60_000)} minutes`}`,
      remedy: 'Try again in a few minutes',
    });
    this.queued = init.queued;
    this.waitMs = init.waitMs;
  }
}

// 次数 余额 不足 (count, balance, insufficient) escaped, so the bundle stays ASCII (scripts/bundle.mjs).
const QUOTA_HINT =
  /count|quota|balance|top.?up|insufficient|\u6b21\u6570|\u4f59\u989d|\u4e0d\u8db3/i;

/** The single factory from an answered envelope (code ≠ 0) to its error class. */
export function apiErrorFrom(
  init: GatewayErrorInit & { code: number; msg: string; data: unknown },
): GatewayApiError {
  const reason = reasonFor(init.code, init.msg);
  return new GatewayApiError({
    ...init,
    reason,
    gatewayMessage: init.msg,
    authUrl: reason === 'unauthorized-shop' ? findUrl(init.data) : undefined,
  });
}

function reasonFor(code: number, msg: string): ApiReason {
  switch (code) {
    case 100:
      return 'param';
    case 101:
      return 'timeout';
    case 103:
      return 'account-missing';
    case 200:
      return 'system';
    case 202:
      return 'system-busy';
    case 203:
      return 'unsupported';
    case 204:
      // Two meanings share 204; only the message tells them apart.
      return QUOTA_HINT.test(msg) ? 'quota' : 'no-permission';
    case 302:
      return 'unauthorized-shop';
    case 401:
      return 'credential';
    case 404:
      return 'not-found';
    default:
      return 'unknown';
  }
}

/** The 302 link's field name is not documented: take the first http(s) URL found in `data`. */
function findUrl(data: unknown, depth = 0): string | undefined {
  if (depth > 3) return undefined;
  if (typeof data === 'string') return /^https?:\/\/\S+$/.test(data) ? data : undefined;
  if (data && typeof data === 'object') {
    for (const v of Object.values(data)) {
      const found = findUrl(v, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}
