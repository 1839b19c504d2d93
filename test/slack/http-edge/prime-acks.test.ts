import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { PRIME_DECISIONS } from '../../../src/service.js';
import { commandParser } from '../../../src/slack/commands/arg-rules.js';
import { COMMAND_LIST } from '../../../src/slack/commands/index.js';
import { lookupDecision } from '../../../src/slack/lookup/lookup-flow.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe('the early ack primed at start-up (production entry point)', () => {
  it('has, for every lookup command, a made-up text its parser accepts as a lookup', () => {
    const lookups = COMMAND_LIST.filter((c) => c.kind === 'lookup');
    expect(lookups.length).toBeGreaterThanOrEqual(7);
    for (const c of lookups) {
      const decided = lookupDecision(c, commandParser(c, 'Asia/Shanghai'), c.primer);
      expect(decided.kind, `${c.name} ${c.primer}`).toBe('run');
    }
  });

  it('decides the made-up commands before listening and nothing leaves the bot', async () => {
    h = await startBot({}, { primeAcks: true });
    const primed = h.log.lines().find((l) => l.msg === 'early ack primed');
    expect(primed).toBeDefined();
    const { acked = 0, answered = 0, bolt = 0 } = primed as Record<string, number>;
    expect(acked + answered + bolt).toBe(PRIME_DECISIONS);
    // Every lookup command's example is acked, and so is its unknown option (refused after the
    // ack, in the asker's language); its empty text is left to the listener (a modal).
    expect(acked).toBeGreaterThan(0);
    expect(answered).toBe(0);
    expect(bolt).toBeGreaterThan(0);
    // Then one full collection before listening (startup-gc.ts), logged with the heap it left.
    const collected = h.log.lines().find((l) => l.msg === 'start-up garbage collected');
    expect(collected).toMatchObject({ ms: expect.any(Number), heapUsedMiB: expect.any(Number) });
    expect(h.bot.sandbox?.requests()).toEqual([]);
    // auth.test is Bolt's own start-up check of the token, made with or without priming.
    expect(h.double.calls.filter((c) => c.method !== 'auth.test')).toEqual([]);
    for (const workspaceId of [h.double.teamId, 'T0PRIMER']) {
      expect(await h.bot.deps.audit.list({ workspaceId, since: new Date(0) })).toEqual([]);
      expect(await h.bot.deps.ledger.recent({ workspaceId, limit: 10 })).toEqual([]);
    }
  });

  it('leaves real commands answered as before', async () => {
    h = await startBot({}, { primeAcks: true });
    const x = SANDBOX_EXAMPLES.payOrder;
    const user = 'U0PRIMED';
    const ack = await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: `${x.paid.orderNumber} ${x.merchantNum}`,
      user,
    });
    expect(ack.status).toBe(200);
    const card = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.visibleTo === user && /Paid/.test(m.text)),
      8000,
    );
    expect(card.text).toContain(x.paid.orderNumber);
    const refused = await h.double.sendCommand(h.events, {
      command: '/payorder',
      text: `${x.paid.orderNumber} ${x.merchantNum} zz=1`,
      user,
    });
    expect(refused.status).toBe(200);
    const refusal = await h.double.waitFor(
      () => h!.double.messages().find((m) => m.visibleTo === user && /unknown option/.test(m.text)),
      8000,
    );
    expect(refusal.text).toContain('Usage: /payorder');
  });

  it('is not done unless asked (tests start hundreds of bots)', async () => {
    h = await startBot();
    expect(h.log.lines().some((l) => l.msg === 'early ack primed')).toBe(false);
    expect(h.log.lines().some((l) => l.msg === 'start-up garbage collected')).toBe(false);
  });
});
