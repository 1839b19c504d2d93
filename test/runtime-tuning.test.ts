import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import { type BotHarness, startBot } from './fakes/bot.js';

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe('the runtime tuning, started by one call (production entry point)', () => {
  it('collects start-up garbage before listening, and answers commands as before', async () => {
    h = await startBot({}, { tuneRuntime: true });
    const lines = h.log.lines();
    const collected = lines.findIndex((l) => l.msg === 'start-up garbage collected');
    const started = lines.findIndex((l) => l.msg === 'querydesk started');
    expect(lines[collected]).toMatchObject({
      ms: expect.any(Number),
      heapUsedMiB: expect.any(Number),
    });
    expect(collected).toBeLessThan(started);
    const x = SANDBOX_EXAMPLES.payOrder;
    const user = 'U0TUNED';
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
  });

  it('is not done unless asked (tests start hundreds of bots)', async () => {
    h = await startBot();
    expect(h.log.lines().some((l) => l.msg === 'start-up garbage collected')).toBe(false);
  });
});
