import { describe, expect, it } from 'vitest';
import { qrCreate } from '../../../src/gateway/operations/qr-create.js';
import { qrStateWord, qrStatus } from '../../../src/gateway/operations/qr-status.js';
import { ctx, fixtureData, refusal } from './fixture.js';

describe('qrCreate', () => {
  it('reads the session id, the url to encode and the charge', () => {
    const out = qrCreate.parse(fixtureData('qr-create.json'), ctx);

    expect(out).toEqual({
      sessionId: 'S20240501123456789',
      url: 'https://qr.example.test/login?s=S20240501123456789',
      charge: 10,
    });
  });

  it('refuses an answer without a session id, since nothing could be watched', () => {
    expect(() => qrCreate.parse({ url: 'https://x.test', withholding_money: 10 }, ctx)).toThrow(
      /session_id/,
    );
  });

  it('sends media_mark and squeeze_page, and leaves squeeze_page out when not given', () => {
    const withPage = qrCreate.input.parse({ mediaMark: '  acct-42 ', landingPage: '7' });
    const without = qrCreate.input.parse({ mediaMark: 'acct-42' });

    expect(qrCreate.toWire(withPage)).toEqual({ media_mark: 'acct-42', squeeze_page: '7' });
    expect(qrCreate.toWire(without)).toStrictEqual({ media_mark: 'acct-42' });
  });

  it('refuses a blank media mark with a readable message', () => {
    expect(refusal(qrCreate.input, { mediaMark: '   ' })).toEqual(['media mark is required']);
    expect(refusal(qrCreate.input, { mediaMark: 'a', landingPage: '' })).toEqual([
      'landing page is required',
    ]);
  });
});

describe('qrStatus', () => {
  it('reads the status whether it is sent as a string or a number', () => {
    const fromString = qrStatus.parse(fixtureData('qr-status-string.json'), ctx);
    const fromNumber = qrStatus.parse(fixtureData('qr-status-number.json'), ctx);

    expect(fromString).toEqual({ status: 2, url: 'https://qr.example.test/login?s=S1', charge: 5 });
    expect(fromNumber).toEqual(fromString);
    expect(qrStateWord(fromString.status)).toBe('scanned');
  });

  it('names the three states with the contract words', () => {
    expect(([1, 2, 3] as const).map(qrStateWord)).toEqual(['not scanned', 'scanned', 'expired']);
  });

  it('marks an expired session as a refund keyed by its session id', () => {
    const expired = qrStatus.parse(fixtureData('qr-status-expired.json'), ctx);
    const scanned = qrStatus.parse(fixtureData('qr-status-number.json'), ctx);
    const input = qrStatus.input.parse({ sessionId: 'S1' });

    expect(qrStatus.chargeKind(expired)).toBe('refund');
    expect(expired.charge).toBe(10);
    expect(qrStatus.chargeKind(scanned)).toBe('charge');
    expect(qrStatus.refundKey(input)).toBe('S1');
  });

  it('refuses an undocumented status instead of guessing a state', () => {
    expect(() => qrStatus.parse({ status: '7', url: '' }, ctx)).toThrow(/undocumented QR status/);
  });

  it('sends session_id and refuses a blank one', () => {
    expect(qrStatus.toWire(qrStatus.input.parse({ sessionId: ' S1 ' }))).toEqual({
      session_id: 'S1',
    });
    expect(refusal(qrStatus.input, { sessionId: '' })).toEqual(['session id is required']);
  });
});
