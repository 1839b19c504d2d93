import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { freshSchema } from '../fakes/fresh-schema.js';

const X = SANDBOX_EXAMPLES;
let double: SlackDouble;
let a: BotHarness;
let b: BotHarness;
let schema: Awaited<ReturnType<typeof freshSchema>> | undefined;

beforeAll(async () => {
  schema = await freshSchema('qd_replicas');
  const { url } = schema;
  double = await startSlackDouble();
  a = await startBot({ DATABASE_URL: url }, {}, double);
  b = await startBot({ DATABASE_URL: url }, {}, double);
});

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await double?.close();
  await schema?.drop();
});

const ephemerals = () => double.messages().filter((m) => m.ephemeral);
/** A bot's warnings and errors, for a failure message that names its cause. */
const warnings = (h: BotHarness) =>
  h.log
    .lines()
    .filter((l) => Number(l.level) >= 40)
    .map((l) => `${String(l.msg)} ${JSON.stringify(l.err ?? '')}`.slice(0, 400));
const shopCalls = (h: BotHarness) =>
  h.bot.sandbox!.requests().filter((r) => r.op === 'shopOrders').length;

describe('two replicas behind one load balancer (shared PostgreSQL)', () => {
  it('a button clicked on the other replica pages in place and shares, without buying the page again', async () => {
    const before = ephemerals().length;
    await double.sendCommand(a.events, {
      command: '/shoporders',
      text: `${X.shopOrders.ownerId} size=20`,
      user: 'U0LB',
    });
    const card = await double.waitFor(() => ephemerals()[before], 8000);
    expect(card.text).toMatch(/page 1 of 13/i);
    expect(shopCalls(a)).toBe(1);
    const click = async (replica: typeof a, actionId: string, page: RegExp) => {
      await double.sendAction(replica.events, {
        actionId,
        channel: card.channel,
        messageTs: card.ts,
        user: 'U0LB',
      });
      return double.waitFor(() => {
        const m = double.messages().find((x) => x.ts === card.ts);
        return m && page.test(m.text) ? m : undefined;
      }, 8000);
    };

    // "Next" on A buys page 2 there; "Previous" lands on replica B: same query, page 1 bought
    // by A, no purchase at B's gateway.
    await click(a, 'qd_shoporders_page_next', /page 2 of 13/i);
    expect(shopCalls(a)).toBe(2);
    const paged = await click(b, 'qd_shoporders_page_prev', /page 1 of 13/i);
    expect(paged.ts).toBe(card.ts);
    expect(shopCalls(b)).toBe(0);

    // "Share in channel" on B posts the card A built.
    expect(
      JSON.stringify(paged.blocks),
      `B's page has no Share button; warnings of A: ${warnings(a).join(' | ') || 'none'}; of B: ${warnings(b).join(' | ') || 'none'}`,
    ).toContain('"qd_share"');
    const publicBefore = double.messages().filter((m) => !m.ephemeral).length;
    await double.sendAction(b.events, {
      actionId: 'qd_share',
      channel: paged.channel,
      messageTs: paged.ts,
      user: 'U0LB',
    });
    const shared = await double.waitFor(
      () => double.messages().filter((m) => !m.ephemeral)[publicBefore],
      8000,
    );
    expect(JSON.stringify(shared.blocks)).toContain('Shared by <@U0LB>');
    expect(shopCalls(b)).toBe(0);
  });
});
