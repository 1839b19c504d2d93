import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIMITS } from '../../src/slack/blocks/limits.js';
import { SLACK_LIMITS } from '../../src/slack-double/block-kit/limits.js';
import { type SlackDouble, startSlackDouble } from '../fakes/slack-double.js';

let double: SlackDouble;

beforeAll(async () => {
  double = await startSlackDouble();
});
afterAll(async () => {
  await double.close();
});

const text = (n: number, type = 'mrkdwn') => ({ type, text: 'x'.repeat(n) });
const plainText = (n: number) => text(n, 'plain_text');
const section = (n = 1) => ({ type: 'section', text: text(n) });
const button = (o: { text?: number; actionId?: number; value?: number }) => ({
  type: 'button',
  text: plainText(o.text ?? 1),
  action_id: 'a'.repeat(o.actionId ?? 1),
  value: 'v'.repeat(o.value ?? 1),
});
const select = (optionText: number) => ({
  type: 'static_select',
  action_id: 'pick',
  options: [{ text: plainText(optionText), value: 'one' }],
});

const cell = (t = 'x') => ({ type: 'raw_text', text: t });
const table = (rows: unknown[][], extra: Record<string, unknown> = {}) => ({
  type: 'table',
  rows,
  ...extra,
});

/**
 * One message blocks per limit, with `n` where the limit applies; `bot` is the bot's own limit
 * (src/slack/blocks/limits.ts), `slack` the double's, written from Slack's reference.
 */
const CASES = [
  {
    what: 'section text',
    bot: LIMITS.sectionText,
    slack: SLACK_LIMITS.sectionText,
    blocks: (n: number) => [section(n)],
    pointer: '/blocks/0/text/text',
  },
  {
    what: 'header text',
    bot: LIMITS.headerText,
    slack: SLACK_LIMITS.headerText,
    blocks: (n: number) => [{ type: 'header', text: plainText(n) }],
    pointer: '/blocks/0/text/text',
  },
  {
    what: 'button text',
    bot: LIMITS.buttonText,
    slack: SLACK_LIMITS.buttonText,
    blocks: (n: number) => [{ type: 'actions', elements: [button({ text: n })] }],
    pointer: '/blocks/0/elements/0/text/text',
  },
  {
    what: 'action_id',
    bot: LIMITS.id,
    slack: SLACK_LIMITS.id,
    blocks: (n: number) => [{ type: 'actions', elements: [button({ actionId: n })] }],
    pointer: '/blocks/0/elements/0/action_id',
  },
  {
    what: 'button value',
    bot: LIMITS.buttonValue,
    slack: SLACK_LIMITS.buttonValue,
    blocks: (n: number) => [{ type: 'actions', elements: [button({ value: n })] }],
    pointer: '/blocks/0/elements/0/value',
  },
  {
    what: 'option text',
    bot: LIMITS.optionText,
    slack: SLACK_LIMITS.optionText,
    blocks: (n: number) => [{ type: 'actions', elements: [select(n)] }],
    pointer: '/blocks/0/elements/0/options/0/text/text',
  },
  {
    what: 'field text',
    bot: LIMITS.fieldText,
    slack: SLACK_LIMITS.sectionFieldText,
    blocks: (n: number) => [{ type: 'section', fields: [text(n)] }],
    pointer: '/blocks/0/fields/0/text',
  },
  {
    what: 'fields in a section',
    bot: LIMITS.sectionFields,
    slack: SLACK_LIMITS.sectionFields,
    blocks: (n: number) => [{ type: 'section', fields: Array.from({ length: n }, () => text(1)) }],
    pointer: '/blocks/0/fields',
  },
  {
    what: 'context elements',
    bot: LIMITS.contextElements,
    slack: SLACK_LIMITS.contextElements,
    blocks: (n: number) => [
      { type: 'context', elements: Array.from({ length: n }, () => text(1)) },
    ],
    pointer: '/blocks/0/elements',
  },
  {
    what: 'rows in a table (its header row included)',
    bot: LIMITS.tableRows,
    slack: SLACK_LIMITS.tableRows,
    blocks: (n: number) => [table(Array.from({ length: n }, () => [cell()]))],
    pointer: '/blocks/0/rows',
  },
  {
    what: 'cells in a table row',
    bot: LIMITS.tableCells,
    slack: SLACK_LIMITS.tableCells,
    blocks: (n: number) => [table([Array.from({ length: n }, () => cell())])],
    pointer: '/blocks/0/rows/0',
  },
  {
    what: 'column settings in a table',
    bot: LIMITS.tableCells,
    slack: SLACK_LIMITS.tableColumnSettings,
    blocks: (n: number) => [
      table([[cell()]], { column_settings: Array.from({ length: n }, () => ({ align: 'right' })) }),
    ],
    pointer: '/blocks/0/column_settings',
  },
  {
    what: 'blocks in a message',
    bot: LIMITS.messageBlocks,
    slack: SLACK_LIMITS.messageBlocks,
    blocks: (n: number) => Array.from({ length: n }, () => section()),
    pointer: '/blocks',
  },
];

const Answer = z.looseObject({
  ok: z.boolean(),
  error: z.string().optional(),
  response_metadata: z.object({ messages: z.array(z.string()) }).optional(),
});
type Answer = z.infer<typeof Answer>;

/** A Web API call as JSON over HTTP: Slack's answer as it comes, refusals included. */
async function call(method: string, args: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${double.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${double.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  return Answer.parse(await res.json());
}

const post = (blocks: unknown[]) => call('chat.postMessage', { channel: 'C1', text: 'x', blocks });

describe('the double’s Block Kit limits (its own, from Slack’s reference)', () => {
  it.each(CASES)('the bot never allows more $what than Slack does', ({ bot, slack }) => {
    expect(bot).toBeLessThanOrEqual(slack);
  });

  it.each(CASES)('accepts $what at the bot’s limit', async ({ bot, blocks }) => {
    const answer = await post(blocks(bot));

    expect(answer).toMatchObject({ ok: true });
  });

  it.each(CASES)('refuses $what one over Slack’s limit as Slack does', async (c) => {
    const before = double.messages('C1').length;

    const answer = await post(c.blocks(c.slack + 1));

    expect(answer).toMatchObject({ ok: false, error: 'invalid_blocks' });
    const messages = answer.response_metadata?.messages ?? [];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^\[ERROR\] (must be less than|no more than) \d+ /);
    expect(messages[0]).toContain(`[json-pointer:${c.pointer}]`);
    expect(double.messages('C1')).toHaveLength(before);
  });

  it('accepts a table of raw_text and rich_text cells with column settings', async () => {
    const rich = { type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [] }] };
    const settings = [{ align: 'right', is_wrapped: true }, null, { align: 'center' }];

    const answer = await post([
      table([[cell('a'), rich, cell('c')]], { column_settings: settings }),
    ]);

    expect(answer).toMatchObject({ ok: true });
  });

  it('refuses what Slack’s table reference does not allow, each with its pointer', async () => {
    const before = double.messages('C1').length;
    const blocks = [
      table([[cell(''), { type: 'mrkdwn', text: 'x' }, 'plain'], []], {
        column_settings: [{ align: 'middle' }, { is_wrapped: 'yes' }, 3],
      }),
      table([[cell()]]),
    ];

    const answer = await post(blocks);

    expect(answer).toMatchObject({
      ok: false,
      error: 'invalid_blocks',
      response_metadata: {
        messages: [
          '[ERROR] must be more than 0 characters [json-pointer:/blocks/0/rows/0/0/text]',
          '[ERROR] must be raw_text or rich_text [json-pointer:/blocks/0/rows/0/1/type]',
          '[ERROR] must be a raw_text or rich_text object [json-pointer:/blocks/0/rows/0/2]',
          '[ERROR] must provide at least 1 items [json-pointer:/blocks/0/rows/1]',
          '[ERROR] must be one of left, center, right [json-pointer:/blocks/0/column_settings/0/align]',
          '[ERROR] must be a boolean [json-pointer:/blocks/0/column_settings/1/is_wrapped]',
          '[ERROR] must be an object or null [json-pointer:/blocks/0/column_settings/2]',
          '[ERROR] only_one_table_allowed [json-pointer:/blocks/1]',
        ],
      },
    });
    expect(double.messages('C1')).toHaveLength(before);
  });

  it('refuses a modal over its limits with invalid_arguments and every reason', async () => {
    const view = {
      type: 'modal',
      title: plainText(SLACK_LIMITS.viewTitle + 1),
      submit: plainText(SLACK_LIMITS.viewSubmit + 1),
      blocks: Array.from({ length: SLACK_LIMITS.viewBlocks + 1 }, () => section()),
    };

    const answer = await call('views.open', { trigger_id: double.trigger('U1'), view });

    expect(answer).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
      response_metadata: {
        messages: [
          '[ERROR] no more than 100 items allowed [json-pointer:/view/blocks]',
          '[ERROR] must be less than 25 characters [json-pointer:/view/title/text]',
          '[ERROR] must be less than 25 characters [json-pointer:/view/submit/text]',
        ],
      },
    });
  });

  it('accepts a Home tab of 100 blocks, the most Slack allows', async () => {
    const view = { type: 'home', blocks: Array.from({ length: 100 }, () => section()) };

    const answer = await call('views.publish', { user_id: 'U1', view });

    expect(answer.ok).toBe(true);
  });
});
