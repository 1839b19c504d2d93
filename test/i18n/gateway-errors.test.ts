import { describe, expect, it } from 'vitest';
import {
  API_CODES,
  type ApiReason,
  apiErrorFrom,
  GatewayBusyError,
  GatewayTransportError,
} from '../../src/gateway/errors.js';
import { gatewayErrorText } from '../../src/i18n/gateway-error-text.js';
import { translator } from '../../src/i18n/translator.js';

const HAN = /[\u4e00-\u9fff]/;
const codes: Record<ApiReason, { code: number; msg: string }> = {
  param: { code: 100, msg: 'bad' },
  timeout: { code: 101, msg: 'timeout' },
  'account-missing': { code: 103, msg: 'none' },
  system: { code: 200, msg: 'err' },
  'system-busy': { code: 202, msg: 'busy' },
  unsupported: { code: 203, msg: 'no' },
  'no-permission': { code: 204, msg: 'no permission' },
  quota: { code: 204, msg: '调用次数不足' },
  'unauthorized-shop': { code: 302, msg: 'auth' },
  credential: { code: 401, msg: 'token' },
  'not-found': { code: 404, msg: 'path' },
  unknown: { code: 999, msg: '?' },
};

describe("the gateway's error table in both languages", () => {
  for (const [reason, { code, msg }] of Object.entries(codes) as [
    ApiReason,
    (typeof codes)[ApiReason],
  ][]) {
    it(`${code} ${reason}`, () => {
      const error = apiErrorFrom({ operation: 'payOrder', requestId: 'r1', code, msg, data: null });
      expect(error.reason).toBe(reason);
      // English reads exactly as the error tree says it (nothing changes for English readers).
      expect(gatewayErrorText(translator('en'), error)).toEqual({
        meaning: API_CODES[reason].meaning,
        remedy: API_CODES[reason].remedy,
      });
      const zh = gatewayErrorText(translator('zh-CN'), error);
      expect(zh.meaning).toMatch(HAN);
      expect(zh.remedy).toMatch(HAN);
    });
  }

  for (const kind of ['timeout', 'connection', 'http', 'rate-limited', 'bad-response'] as const) {
    it(`transport: ${kind}`, () => {
      const error = new GatewayTransportError({ operation: 'payOrder', requestId: 'r', kind });
      expect(gatewayErrorText(translator('en'), error)).toEqual({
        meaning: error.meaning,
        remedy: error.remedy,
      });
      expect(gatewayErrorText(translator('zh-CN'), error).meaning).toMatch(HAN);
    });
  }

  it('says how long a busy queue would make one wait, in both languages', () => {
    const error = new GatewayBusyError({
      operation: 'shopOrders',
      requestId: 'r',
      queued: 400,
      waitMs: 45_000,
    });
    expect(gatewayErrorText(translator('en'), error).meaning).toBe(
      error.meaning.replace('45 s', '45 seconds'),
    );
    expect(gatewayErrorText(translator('zh-CN'), error).meaning).toBe(
      'shopOrders 的排队请求太多（400 个），此请求约需等待 45 秒',
    );
  });
});
