import { describe, expect, it } from 'vitest';
import {
  blockTexts,
  messageNumbers,
  numbersInMessage,
  suggestedLookup,
} from '../../../src/slack/lookup/message-numbers.js';

describe('messageNumbers', () => {
  it('finds runs of 6 to 32 digits separated by spaces, punctuation and Chinese characters', () => {
    expect(messageNumbers(['订单420012405000011已付款吗？商户898310058120001, 谢谢'])).toEqual([
      '420012405000011',
      '898310058120001',
    ]);
  });

  it('leaves out runs touching letters, digits, underscores or hyphens, and runs of the wrong length', () => {
    const text = `a123456 123456b _123456 123456- 12345 ${'9'.repeat(33)} ok 654321`;
    expect(messageNumbers([text])).toEqual(['654321']);
  });

  it('keeps the order of appearance, each number once, at most 10', () => {
    const many = Array.from({ length: 14 }, (_, i) => String(100000 + i)).join(' ');
    const found = messageNumbers([`100003 ${many}`]);
    expect(found).toHaveLength(10);
    expect(found.slice(0, 3)).toEqual(['100003', '100000', '100001']);
  });

  it('reads 32 digits as a number and 33 as none', () => {
    expect(messageNumbers(['1'.repeat(32)])).toEqual(['1'.repeat(32)]);
    expect(messageNumbers(['1'.repeat(33)])).toEqual([]);
  });
});

describe('numbersInMessage', () => {
  it('reads the text, then the text inside rich_text blocks', () => {
    const blocks = [
      {
        type: 'rich_text',
        elements: [
          { type: 'rich_text_section', elements: [{ type: 'text', text: 'shop 2201000250' }] },
        ],
      },
    ];
    expect(blockTexts(blocks)).toEqual(['shop 2201000250']);
    expect(numbersInMessage({ text: 'see 420012405000011', blocks })).toEqual([
      '420012405000011',
      '2201000250',
    ]);
  });
});

describe('suggestedLookup', () => {
  it('suggests a payment order for two numbers, shop orders for one, nothing for none', () => {
    expect(suggestedLookup(['1111111', '2222222', '3333333'])).toEqual({
      command: 'payorder',
      orderNumber: '1111111',
      merchantNum: '2222222',
    });
    expect(suggestedLookup(['2201000250'])).toEqual({
      command: 'shoporders',
      ownerId: '2201000250',
    });
    expect(suggestedLookup([])).toEqual({ command: 'none' });
  });
});
