import { describe, expect, it } from 'vitest';
import { readMentionText } from '../../../src/slack/lookup/mention-request.js';

const BOT = 'U0BOT00001';
const read = (text: string, blocks?: unknown) =>
  readMentionText({ text, blocks }, BOT, 'Asia/Shanghai');

describe('what a mention asks', () => {
  it('reads a lookup’s word like a command without its slash, through that command’s rules', () => {
    expect(read(`<@${BOT}> payorder 420012405000011 898310058120001`)).toMatchObject({
      kind: 'run',
      lookup: 'payorder',
      text: '420012405000011 898310058120001',
      args: { orderNumber: '420012405000011', merchantNum: '898310058120001' },
    });
    expect(read(`<@${BOT}|querydesk> /ShopOrders 2201000250 page=2`)).toMatchObject({
      kind: 'run',
      lookup: 'shoporders',
      args: { ownerId: '2201000250', page: 1 },
    });
  });

  it('reads numbers alone as the shortcut does: two a payment order, one a shop', () => {
    expect(read(`订单420012405000011已付款吗？商户898310058120001 <@${BOT}>`)).toMatchObject({
      kind: 'run',
      lookup: 'payorder',
      args: { orderNumber: '420012405000011', merchantNum: '898310058120001' },
    });
    expect(read(`<@${BOT}> orders of shop 2201000250 please`)).toMatchObject({
      kind: 'run',
      lookup: 'shoporders',
      args: { ownerId: '2201000250' },
    });
  });

  it('refuses bad arguments with the lookup’s usage, without its slash', () => {
    const refused = read(`<@${BOT}> shoporders 2201000250 page=0 colour=red`);
    expect(refused.kind).toBe('refused');
    if (refused.kind !== 'refused') return;
    expect(refused.error.usage).toMatch(/^shoporders <owner_id>/);
    expect(refused.error.message).toMatch(/colour/);
  });

  it('answers the usage when nothing can be looked up: only the bot’s name, words, short numbers', () => {
    expect(read(`<@${BOT}>`)).toEqual({ kind: 'usage' });
    expect(read(`<@${BOT}> what can you do?`)).toEqual({ kind: 'usage' });
    expect(read(`<@${BOT}> call 12345 or ab1234567`)).toEqual({ kind: 'usage' });
  });

  it('refuses a message too long to read for its numbers, naming its length', () => {
    const refused = read(`<@${BOT}> 2201000250 ${'x'.repeat(40_000)}`);
    expect(refused.kind).toBe('refused');
    if (refused.kind === 'refused')
      expect(refused.error.message).toBe(
        'The message is 40011 characters long; at most 4000 are read',
      );
  });
});
