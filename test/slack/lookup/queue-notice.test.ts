import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';

const X = SANDBOX_EXAMPLES.payOrder;
let h: BotHarness;
beforeAll(async () => {
  h = await startBot();
});
afterAll(async () => {
  await h?.stop();
});

describe('a command that waits its turn at the gateway', () => {
  it('shows "Queued — N ahead, about S s" while it waits, then the answer replaces it', async () => {
    const n = 60;
    const cards = () => h.double.messages().filter((m) => m.ephemeral && /Paid/.test(m.text));
    // People who have used the app before: their language is known, so the burst reaches the
    // gateway at once (a first-time person's language costs one users.info first).
    for (let i = 0; i < n; i++) {
      await h.bot.deps.locales.localeOf(h.double.teamId, `U${i}`, async () => 'en-US');
    }
    const acks = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        h.double.sendCommand(h.events, {
          command: '/payorder',
          text: `${X.paid.orderNumber} ${X.merchantNum} type=platform`,
          user: `U${i}`,
        }),
      ),
    );
    expect(acks.every((a) => a.status === 200)).toBe(true);
    await h.double.waitFor(() => cards().length >= n || undefined, 30_000);

    const notices = h.double
      .callsTo('response_url')
      .map((c) => String(c.args.text ?? ''))
      .filter((t) => t.startsWith('Queued'));
    // Only those expected to wait over 3 s (about 30 ahead at 10/s) were told; the first were not.
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.length).toBeLessThan(n - 20);
    for (const t of notices) expect(t).toMatch(/^Queued — \d+ ahead, about \d+ s/);
    // Told 1–2 s after queueing (never in the middle of the burst of acks), with the place then:
    // at least ~29 ahead at first, less at most 20 that went meanwhile.
    const aheads = notices.map((t) => Number(/— (\d+) ahead/.exec(t)?.[1]));
    expect(Math.min(...aheads)).toBeGreaterThanOrEqual(5);
    // Every command ends with exactly one message, its card: each notice was edited into it.
    const mine = h.double.messages().filter((m) => m.ephemeral);
    expect(mine.filter((m) => m.text.startsWith('Queued'))).toEqual([]);
    expect(cards()).toHaveLength(n);
    expect(cards().filter((m) => m.edits === 1)).toHaveLength(notices.length);
    for (const c of cards()) expect(checkMessage({ text: c.text, blocks: c.blocks })).toEqual([]);
  }, 60_000);
});
