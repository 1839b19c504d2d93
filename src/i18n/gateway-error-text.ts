import {
  type ApiReason,
  GatewayApiError,
  GatewayBusyError,
  type GatewayError,
  GatewayInputError,
  GatewayTransportError,
} from '../gateway/errors.js';
import type { MessageKey } from './catalog/en.js';
import type { Translate } from './translator.js';

type TransportKind = GatewayTransportError['kind'];

const API = {
  param: ['gateway.api.param.meaning', 'gateway.api.param.remedy'],
  timeout: ['gateway.api.timeout.meaning', 'gateway.api.timeout.remedy'],
  'account-missing': ['gateway.api.account-missing.meaning', 'gateway.api.account-missing.remedy'],
  system: ['gateway.api.system.meaning', 'gateway.api.system.remedy'],
  'system-busy': ['gateway.api.system-busy.meaning', 'gateway.api.system-busy.remedy'],
  unsupported: ['gateway.api.unsupported.meaning', 'gateway.api.unsupported.remedy'],
  'no-permission': ['gateway.api.no-permission.meaning', 'gateway.api.no-permission.remedy'],
  quota: ['gateway.api.quota.meaning', 'gateway.api.quota.remedy'],
  'unauthorized-shop': [
    'gateway.api.unauthorized-shop.meaning',
    'gateway.api.unauthorized-shop.remedy',
  ],
  credential: ['gateway.api.credential.meaning', 'gateway.api.credential.remedy'],
  'not-found': ['gateway.api.not-found.meaning', 'gateway.api.not-found.remedy'],
  unknown: ['gateway.api.unknown.meaning', 'gateway.api.unknown.remedy'],
} as const satisfies Record<ApiReason, readonly [MessageKey, MessageKey]>;

const TRANSPORT = {
  timeout: ['gateway.transport.timeout.meaning', 'gateway.transport.timeout.remedy'],
  connection: ['gateway.transport.connection.meaning', 'gateway.transport.connection.remedy'],
  http: ['gateway.transport.http.meaning', 'gateway.transport.http.remedy'],
  'rate-limited': [
    'gateway.transport.rate-limited.meaning',
    'gateway.transport.rate-limited.remedy',
  ],
  'bad-response': [
    'gateway.transport.bad-response.meaning',
    'gateway.transport.bad-response.remedy',
  ],
  'too-large': ['gateway.transport.too-large.meaning', 'gateway.transport.too-large.remedy'],
} as const satisfies Record<TransportKind, readonly [MessageKey, MessageKey]>;

/**
 * A gateway error's meaning and remedy in the reader's language. The gateway's own `msg` and an
 * input problem's field name stay as they came; only querydesk's own words are translated.
 */
export function gatewayErrorText(
  t: Translate,
  error: GatewayError,
): { meaning: string; remedy: string } {
  if (error instanceof GatewayApiError) {
    const [meaning, remedy] = API[error.reason];
    return { meaning: t(meaning), remedy: t(remedy) };
  }
  if (error instanceof GatewayTransportError) {
    const [meaning, remedy] = TRANSPORT[error.kind];
    return { meaning: t(meaning), remedy: t(remedy) };
  }
  if (error instanceof GatewayInputError) {
    return { meaning: error.meaning, remedy: t('gateway.input.remedy') };
  }
  if (error instanceof GatewayBusyError) {
    const wait =
      error.waitMs < 120_000
        ? t('duration.seconds', { n: Math.ceil(error.waitMs / 1000) })
        : t('duration.minutes', { n: Math.round(error.waitMs / 60_000) });
    return {
      meaning: t('gateway.busy.meaning', {
        operation: error.operation,
        queued: error.queued,
        wait,
      }),
      remedy: t('gateway.busy.remedy'),
    };
  }
  return { meaning: error.meaning, remedy: error.remedy };
}
