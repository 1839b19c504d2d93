import { describe, expect, it } from 'vitest';
import {
  checkMessage,
  checkView,
  escapeMrkdwn,
  LIMITS,
  moreLine,
  mrkdwn,
  plain,
  truncate,
} from '../../../src/slack/blocks/limits.js';

const x = (n: number) => 'x'.repeat(n);
const section = (text: string) => ({ type: 'section', text: mrkdwn(text) });
const button = (over: Record<string, unknown> = {}) => ({
  type: 'button',
  action_id: 'go',
  text: plain('Go'),
  ...over,
});
const actions = (...elements: unknown[]) => ({ type: 'actions', elements });
const msg = (...blocks: unknown[]) => ({ text: 'fallback', blocks });
const option = (text: string, value: string) => ({ text: plain(text), value });
const select = (options: unknown[]) => ({ type: 'static_select', action_id: 'pick', options });
const confirm = (over: Record<string, unknown> = {}) => ({
  title: plain('Sure?'),
  text: plain('This cannot be undone'),
  confirm: plain('Yes'),
  deny: plain('No'),
  ...over,
});
const modal = (over: Record<string, unknown> = {}) => ({
  type: 'modal',
  title: plain('Pay order'),
  blocks: [section('hello')],
  ...over,
});

describe('checkMessage', () => {
  it('accepts a message at every limit', () => {
    const blocks = [
      { type: 'header', text: plain(x(150)) },
      section(x(3000)),
      { type: 'section', fields: Array.from({ length: 10 }, () => mrkdwn(x(2000))) },
      actions(
        button({ text: plain(x(75)), value: x(2000), url: `https://e.x/${x(2988)}` }),
        button({
          action_id: x(255),
          confirm: confirm({
            title: plain(x(100)),
            text: plain(x(300)),
            confirm: plain(x(30)),
            deny: plain(x(30)),
          }),
        }),
        select(Array.from({ length: 100 }, (_, i) => option(x(75), `${i}`.padEnd(75, 'v')))),
      ),
      {
        type: 'context',
        block_id: x(255),
        elements: Array.from({ length: 10 }, () => mrkdwn('c')),
      },
      ...Array.from({ length: 45 }, () => ({ type: 'divider' })),
    ];

    expect(blocks).toHaveLength(50);
    expect(checkMessage({ text: 'ok', blocks })).toEqual([]);
  });

  it.each([
    ['no text fallback', { blocks: [section('hi')] }, 'message has no plain `text` fallback'],
    ['blank text fallback', { text: '  ', blocks: [] }, 'message has no plain `text` fallback'],
    [
      '51 blocks',
      msg(...Array.from({ length: 51 }, () => ({ type: 'divider' }))),
      'message has 51 blocks, limit 50',
    ],
    [
      'long section text',
      msg(section(x(3001))),
      'blocks[0] (section) text is 3001 characters, limit 3000',
    ],
    ['empty section text', msg(section('')), 'blocks[0] (section) text is empty'],
    [
      'section without text',
      msg({ type: 'section' }),
      'blocks[0] (section) has neither text nor fields',
    ],
    [
      '11 fields',
      msg({ type: 'section', fields: Array.from({ length: 11 }, () => mrkdwn('f')) }),
      'blocks[0] (section) fields has 11 items, limit 10',
    ],
    [
      'long field',
      msg({ type: 'section', fields: [mrkdwn(x(2001))] }),
      'blocks[0] (section) fields[0] is 2001 characters, limit 2000',
    ],
    [
      'long header',
      msg({ type: 'header', text: plain(x(151)) }),
      'blocks[0] (header) text is 151 characters, limit 150',
    ],
    [
      'long block_id',
      msg({ type: 'divider', block_id: x(256) }),
      'blocks[0] (divider) block_id is 256 characters, limit 255',
    ],
    [
      'long action_id',
      msg(actions(button({ action_id: x(256) }))),
      'blocks[0] (actions) elements[0] action_id is 256 characters, limit 255',
    ],
    [
      'long button text',
      msg(actions(button({ text: plain(x(76)) }))),
      'elements[0] button text is 76 characters, limit 75',
    ],
    [
      'long button value',
      msg(actions(button({ value: x(2001) }))),
      'elements[0] button value is 2001 characters, limit 2000',
    ],
    [
      'long button url',
      msg(actions(button({ url: x(3001) }))),
      'elements[0] button url is 3001 characters, limit 3000',
    ],
    [
      'long option text',
      msg(actions(select([option(x(76), 'v')]))),
      'options[0] text is 76 characters, limit 75',
    ],
    [
      'long option value',
      msg(actions(select([option('t', x(76))]))),
      'options[0] value is 76 characters, limit 75',
    ],
    [
      '101 options',
      msg(actions(select(Array.from({ length: 101 }, (_, i) => option('t', `${i}`))))),
      'options has 101 items, limit 100',
    ],
    [
      '101 options in a group',
      msg(
        actions({
          type: 'static_select',
          option_groups: [
            {
              label: plain('g'),
              options: Array.from({ length: 101 }, (_, i) => option('t', `${i}`)),
            },
          ],
        }),
      ),
      'option_groups[0] options has 101 items, limit 100',
    ],
    [
      '26 actions elements',
      msg(actions(...Array.from({ length: 26 }, (_, i) => button({ action_id: `a${i}` })))),
      'blocks[0] (actions) elements has 26 items, limit 25',
    ],
    [
      '11 context elements',
      msg({ type: 'context', elements: Array.from({ length: 11 }, () => mrkdwn('c')) }),
      'blocks[0] (context) elements has 11 items, limit 10',
    ],
    [
      'long confirm title',
      msg(actions(button({ confirm: confirm({ title: plain(x(101)) }) }))),
      'confirm title is 101 characters, limit 100',
    ],
    [
      'long confirm text',
      msg(actions(button({ confirm: confirm({ text: plain(x(301)) }) }))),
      'confirm text is 301 characters, limit 300',
    ],
    [
      'long confirm button',
      msg(actions(button({ confirm: confirm({ confirm: plain(x(31)) }) }))),
      'confirm confirm button is 31 characters, limit 30',
    ],
    [
      'long deny button',
      msg(actions(button({ confirm: confirm({ deny: plain(x(31)) }) }))),
      'confirm deny button is 31 characters, limit 30',
    ],
    [
      'duplicate action_id in a block',
      msg(actions(button(), button())),
      'blocks[0] (actions) elements[1] action_id "go" is used twice in one block',
    ],
    [
      'duplicate block_id',
      msg({ type: 'divider', block_id: 'b' }, { type: 'divider', block_id: 'b' }),
      'blocks[1] (divider) block_id "b" is already used by blocks[0]',
    ],
    [
      'button text not an object',
      msg(actions(button({ text: 'Go' }))),
      'button text is not a text object',
    ],
  ])('reports %s', (_name, message, expected) => {
    const problems = checkMessage(message);

    expect(
      problems.some((p) => p.includes(expected)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('allows the same action_id in different blocks', () => {
    expect(checkMessage(msg(actions(button()), actions(button())))).toEqual([]);
  });

  it('holds chat.update text to 4000 characters but a new message to 40000', () => {
    expect(checkMessage({ text: x(4001) })).toEqual([]);
    expect(checkMessage({ text: x(4001) }, { update: true })).toEqual([
      'message text is 4001 characters, limit 4000',
    ]);
    expect(checkMessage({ text: x(40_001) })).toEqual([
      'message text is 40001 characters, limit 40000',
    ]);
  });
});

describe('checkMessage on tables', () => {
  const cell = (text = 'x') => ({ type: 'raw_text', text });
  const table = (rows: unknown[][]) => ({ type: 'table', rows });

  it('accepts one table of 100 rows of 20 cells at the cell limit', () => {
    const row = Array.from({ length: LIMITS.tableCells }, () => cell(x(LIMITS.tableCellText)));

    expect(checkMessage(msg(table(Array.from({ length: LIMITS.tableRows }, () => row))))).toEqual(
      [],
    );
  });

  it('names each table problem: rows, cells, cell type and text, a second table', () => {
    const rows = Array.from({ length: LIMITS.tableRows + 1 }, () => [cell()]);
    const wide = [Array.from({ length: LIMITS.tableCells + 1 }, () => cell())];

    expect(
      checkMessage(
        msg(
          table(rows),
          table([[cell(''), { type: 'mrkdwn', text: 'x' }, cell(x(301))]]),
          table(wide),
        ),
      ),
    ).toEqual([
      'blocks[0] (table) rows has 101 items, limit 100',
      'blocks[1] (table) rows[0][0] is empty',
      'blocks[1] (table) rows[0][1] is not a raw_text cell',
      'blocks[1] (table) rows[0][2] is 301 characters, limit 300',
      'blocks[2] (table) rows[0] has 21 items, limit 20',
      'message has 3 table blocks, limit 1',
    ]);
  });
});

describe('checkView', () => {
  it('accepts a modal and a home tab at their limits', () => {
    const inputs = Array.from({ length: 100 }, (_, i) => ({
      type: 'input',
      block_id: `b${i}`,
      label: plain(i === 0 ? x(2000) : 'label'),
      hint: plain(x(2000)),
      element: { type: 'plain_text_input', action_id: 'v' },
    }));
    const view = modal({
      title: plain(x(24)),
      submit: plain(x(24)),
      close: plain(x(24)),
      callback_id: x(255),
      private_metadata: x(3000),
      blocks: inputs,
    });

    expect(checkView(view)).toEqual([]);
    expect(checkView({ type: 'home', blocks: [section('hi')] })).toEqual([]);
  });

  it.each([
    [
      '101 blocks',
      modal({ blocks: Array.from({ length: 101 }, () => ({ type: 'divider' })) }),
      'modal view has 101 blocks, limit 100',
    ],
    ['long title', modal({ title: plain(x(25)) }), 'modal title is 25 characters, limit 24'],
    ['missing title', modal({ title: undefined }), 'modal title is missing'],
    ['long submit', modal({ submit: plain(x(25)) }), 'modal submit is 25 characters, limit 24'],
    ['long close', modal({ close: plain(x(25)) }), 'modal close is 25 characters, limit 24'],
    [
      'long callback_id',
      modal({ callback_id: x(256) }),
      'view callback_id is 256 characters, limit 255',
    ],
    [
      'long private_metadata',
      modal({ private_metadata: x(3001) }),
      'private_metadata is 3001 characters, limit 3000',
    ],
    [
      'long input label',
      modal({
        submit: plain('Go'),
        blocks: [{ type: 'input', label: plain(x(2001)), element: { type: 'plain_text_input' } }],
      }),
      'blocks[0] (input) label is 2001 characters, limit 2000',
    ],
    [
      'long input hint',
      modal({
        submit: plain('Go'),
        blocks: [
          {
            type: 'input',
            label: plain('l'),
            hint: plain(x(2001)),
            element: { type: 'plain_text_input' },
          },
        ],
      }),
      'blocks[0] (input) hint is 2001 characters, limit 2000',
    ],
    [
      'input without submit',
      modal({
        blocks: [{ type: 'input', label: plain('l'), element: { type: 'plain_text_input' } }],
      }),
      'modal has input blocks but no submit button',
    ],
    [
      'unknown type',
      { type: 'dialog', blocks: [] },
      'view type "dialog" is neither "modal" nor "home"',
    ],
    [
      'duplicate block_id',
      modal({
        blocks: [
          { type: 'divider', block_id: 'a' },
          { type: 'divider', block_id: 'a' },
        ],
      }),
      'block_id "a" is already used by blocks[0]',
    ],
  ])('reports %s', (_name, view, expected) => {
    const problems = checkView(view);

    expect(
      problems.some((p) => p.includes(expected)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('reports a view over 250 kB', () => {
    const blocks = Array.from({ length: 90 }, () => section(x(2900)));

    const problems = checkView(modal({ blocks }));

    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^view is \d+ bytes, limit 250000$/);
  });
});

describe('helpers', () => {
  it('truncate leaves short text alone and ends cut text with an ellipsis at the limit', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('exactly10!', 10)).toBe('exactly10!');
    expect(truncate('this is too long', 10)).toBe('this is t…');
    expect(truncate('this is too long', 10)).toHaveLength(10);
  });

  it('truncate never splits an emoji', () => {
    const cut = truncate('ab😀cdef', 4);

    expect(cut).toBe('ab…');
    expect(encodeURIComponent(cut)).toBe('ab%E2%80%A6');
  });

  it('plain and mrkdwn make text objects, truncated when given a limit', () => {
    expect(plain('Go')).toEqual({ type: 'plain_text', text: 'Go', emoji: true });
    expect(plain(x(100), LIMITS.buttonText).text).toHaveLength(75);
    expect(mrkdwn('*b*')).toEqual({ type: 'mrkdwn', text: '*b*', verbatim: true });
    expect(mrkdwn(x(5000), LIMITS.sectionText).text.endsWith('…')).toBe(true);
  });

  it("escapeMrkdwn escapes Slack's control characters", () => {
    expect(escapeMrkdwn('a & <b> <@U1>')).toBe('a &amp; &lt;b&gt; &lt;@U1&gt;');
  });

  it('moreLine says how many were left out', () => {
    expect(moreLine(12)).toBe('… 12 more');
  });
});
