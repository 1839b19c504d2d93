import { describe, expect, it } from 'vitest';
import { maskPhone, maskPhonesInText } from '../src/logger.js';
import { captureLogger } from './fakes/log-capture.js';

describe('log hygiene', () => {
  it('masks phone numbers to their last four digits', () => {
    expect(maskPhone('13800138001')).toBe('*******8001');
    expect(maskPhone('12')).toBe('****');
  });

  it('masks phone fields and mobile-shaped numbers in raw text', () => {
    const raw =
      '{"phone":"13800138001","receiver_phone": 13912345678,"note":"call +8613700001111","order":"4200000000010011"}';
    const masked = maskPhonesInText(raw);
    expect(masked).not.toMatch(/13800138001|13912345678|13700001111/);
    expect(masked).toContain('8001');
    // Order numbers are not phone numbers and stay whole.
    expect(masked).toContain('4200000000010011');
  });

  it('redacts tokens and secrets in logged objects and masks phone keys', () => {
    const log = captureLogger('info');
    log.logger.info(
      {
        token: 'xoxb-secret',
        headers: { authorization: 'Bearer abc' },
        input: { phone: '13800138001' },
        botToken: 'xoxb-2',
        event: { bot_access_token: 'opaque-step-token' },
        note: 'completing with xwfp-1234-abcd',
      },
      'test line',
    );
    const text = log.text();
    expect(text).not.toMatch(
      /xoxb-secret|Bearer abc|13800138001|xoxb-2|opaque-step-token|xwfp-1234/,
    );
    expect(text).toContain('8001');
  });
});
