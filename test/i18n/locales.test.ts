import { describe, expect, it } from 'vitest';
import { localeFromSlack, parseLocaleChoice, personLocale } from '../../src/i18n/locales.js';
import { translator } from '../../src/i18n/translator.js';
import { payStatusText, qrStateText } from '../../src/i18n/words.js';

describe('locale resolution', () => {
  it('reads any zh Slack locale as Simplified Chinese, anything else as English', () => {
    expect(localeFromSlack('zh-CN')).toBe('zh-CN');
    expect(localeFromSlack('zh-TW')).toBe('zh-CN');
    expect(localeFromSlack('zh-HK')).toBe('zh-CN');
    expect(localeFromSlack('en-US')).toBe('en');
    expect(localeFromSlack('ja-JP')).toBe('en');
    expect(localeFromSlack(undefined)).toBe('en');
    expect(localeFromSlack('zhx')).toBe('en');
  });

  it('lets a person override their Slack locale, and auto follow it again', () => {
    expect(personLocale('en', 'zh-CN')).toBe('en');
    expect(personLocale('zh-CN', 'en-GB')).toBe('zh-CN');
    expect(personLocale('auto', 'zh-CN')).toBe('zh-CN');
    expect(personLocale(undefined, 'en-US')).toBe('en');
  });

  it('parses /querydesk language words and refuses others', () => {
    expect(parseLocaleChoice('zh-CN')).toBe('zh-CN');
    expect(parseLocaleChoice('ZH-cn')).toBe('zh-CN');
    expect(parseLocaleChoice('en')).toBe('en');
    expect(parseLocaleChoice('auto')).toBe('auto');
    expect(parseLocaleChoice('fr')).toBeUndefined();
  });
});

describe('fixed words', () => {
  const zh = translator('zh-CN');
  const en = translator('en');

  it('names the QR states as the contract fixes them', () => {
    expect([1, 2, 3].map((s) => qrStateText(zh, s as 1 | 2 | 3))).toEqual([
      '未扫码',
      '已扫码',
      '已过期',
    ]);
    expect([1, 2, 3].map((s) => qrStateText(en, s as 1 | 2 | 3))).toEqual([
      'not scanned',
      'scanned',
      'expired',
    ]);
  });

  it('names the payment-order states as the contract fixes them', () => {
    expect([0, 1, 2, 3].map((s) => payStatusText(zh, s))).toEqual([
      '未支付',
      '已支付',
      '已退款',
      '已取消',
    ]);
    expect([0, 1, 2, 3].map((s) => payStatusText(en, s))).toEqual([
      'unpaid',
      'paid',
      'refunded',
      'cancelled',
    ]);
    expect(payStatusText(zh, 9)).toBe('状态 9');
  });

  it('fixes points, call-back and sharing words', () => {
    expect(zh('word.points')).toBe('积分');
    expect(zh('pay.notCalledBack')).toBe('未回调');
    expect(zh('pay.calledBack')).toBe('已回调');
    expect(zh('button.shareInChannel')).toBe('分享到频道');
    expect(en('button.shareInChannel')).toBe('Share in channel');
    expect(zh('config.language.label')).toBe('语言');
    expect(en('config.language.zhCN')).toBe('简体中文');
  });
});
