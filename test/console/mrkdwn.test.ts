import { describe, expect, it } from 'vitest';
import { inlineTokens, mrkdwnBlocks, safeUrl } from '../../src/console/page/mrkdwn.js';

describe('console mrkdwn parser', () => {
  it('reads bold, italic, strike, code, links, mentions and emoji', () => {
    const tokens = inlineTokens(
      '*Paid* _late_ ~old~ `420012` <https://x.test/a?b=1&amp;c=2|the link> <@U1> :warning:',
    );

    expect(tokens).toEqual([
      { type: 'bold', children: [{ type: 'text', text: 'Paid' }] },
      { type: 'text', text: ' ' },
      { type: 'italic', children: [{ type: 'text', text: 'late' }] },
      { type: 'text', text: ' ' },
      { type: 'strike', children: [{ type: 'text', text: 'old' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: '420012' },
      { type: 'text', text: ' ' },
      { type: 'link', url: 'https://x.test/a?b=1&c=2', text: 'the link' },
      { type: 'text', text: ' ' },
      { type: 'user', id: 'U1', label: undefined },
      { type: 'text', text: ' ' },
      { type: 'emoji', name: 'warning', char: '⚠️' },
    ]);
  });

  it('keeps escaped markup as text, so a message cannot inject HTML', () => {
    const tokens = inlineTokens('&lt;img src=x onerror=alert(1)&gt; 10:20:30 snake_case_name');

    expect(tokens.every((t) => t.type === 'text')).toBe(true);
    expect(tokens.map((t) => ('text' in t ? t.text : '')).join('')).toBe(
      '<img src=x onerror=alert(1)> 10:20:30 snake_case_name',
    );
  });

  it('finds code blocks, bullet lists and numbered lists across lines', () => {
    const blocks = mrkdwnBlocks(
      'Usage:\n```/qr <media_mark>```\n• one\n• two\n1. first\n2. second',
    );

    expect(blocks.map((b) => b.type)).toEqual(['line', 'pre', 'ul', 'ol']);
    expect(blocks[1]).toEqual({ type: 'pre', text: '/qr <media_mark>' });
    expect(blocks[2]).toMatchObject({ items: [[{ text: 'one' }], [{ text: 'two' }]] });
    expect(blocks[3]).toMatchObject({
      start: 1,
      items: [[{ text: 'first' }], [{ text: 'second' }]],
    });
  });

  it('only turns web links into anchors', () => {
    expect(safeUrl('https://gateway.test/authorize?x=1')).toBe(
      'https://gateway.test/authorize?x=1',
    );
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('not a url')).toBeUndefined();
  });
});
