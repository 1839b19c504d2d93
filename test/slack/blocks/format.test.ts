import { describe, expect, it } from 'vitest';
import {
  esc,
  maskPhone,
  payMethodWord,
  payStatusWord,
  when,
  yuan,
  yuanLabel,
} from '../../../src/slack/blocks/format.js';

describe('yuan', () => {
  it.each([
    [1250, '12.50'],
    [5, '0.05'],
    [0, '0.00'],
    [100000001, '1000000.01'],
    [-1250, '-12.50'],
    [-5, '-0.05'],
    [99, '0.99'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('renders %i fen as %s yuan', (fen, text) => {
    expect(yuan(fen)).toBe(text);
  });

  it('prefixes the yuan sign', () => {
    expect(yuanLabel(1250)).toBe('¥12.50');
  });
});

describe('words', () => {
  it.each([
    [0, 'Unpaid'],
    [1, 'Paid'],
    [2, 'Refunded'],
    [3, 'Cancelled'],
    [7, 'Status 7'],
  ])('payment status %i reads %s', (status, word) => {
    expect(payStatusWord(status)).toBe(word);
  });

  it.each([
    [1, 'messaging-app wallet'],
    [2, 'payment app'],
    [3, 'search-portal wallet'],
    [4, 'carrier pay A'],
    [5, 'carrier pay B'],
    [6, 'card-network mobile payment'],
    [7, 'card swipe'],
    [8, 'second messaging-app wallet'],
    [0, 'Type 0'],
    [9, 'Type 9'],
  ])('payment method %i reads %s', (type, word) => {
    expect(payMethodWord(type)).toBe(word);
  });
});

describe('when', () => {
  const instant = new Date('2024-05-01T04:00:00Z');

  it('renders the same instant in the zone asked for', () => {
    expect(when(instant, 'Asia/Shanghai')).toBe('2024-05-01 12:00:00');
    expect(when(instant, 'UTC')).toBe('2024-05-01 04:00:00');
  });

  it('says what is missing instead of a time', () => {
    expect(when(undefined, 'UTC', 'not paid yet')).toBe('not paid yet');
  });
});

describe('esc', () => {
  it('turns mentions into inert text', () => {
    expect(esc('hi <!channel> <@U1> & co', 100)).toBe('hi &lt;!channel&gt; &lt;@U1&gt; &amp; co');
  });

  it('cuts long text without leaving half an entity', () => {
    const out = esc(`${'a'.repeat(8)}<<<<`, 12);
    expect(out.length).toBeLessThanOrEqual(12);
    expect(out).toBe(`${'a'.repeat(8)}…`);
  });
});

describe('maskPhone', () => {
  it('keeps only the last four digits', () => {
    expect(maskPhone('13800001234')).toBe('•••••••1234');
    expect(maskPhone('123')).toBe('••••');
    expect(maskPhone('')).toBe('not given');
  });
});
