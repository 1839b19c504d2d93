import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayApiError } from '../../src/gateway/errors.js';
import { accountCard } from '../../src/slack/blocks/account-card.js';
import { errorCard } from '../../src/slack/blocks/error-card.js';
import { ENGLISH } from '../../src/slack/blocks/format.js';
import { payOrderCard } from '../../src/slack/blocks/pay-order-card.js';
import { qrAccountThreadMessage } from '../../src/slack/blocks/qr-account-thread.js';
import { qrCreatingMessage, qrStatusMessage } from '../../src/slack/blocks/qr-status-message.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { longAccount, longPayOrder } from './blocks/card-data.js';

const HOSTILE = '<!channel> <@U0EVIL> <https://evil.example|click>';
/** What would ping a channel, mention someone or make a disguised link if it reached Slack raw. */
const RAW = /<!channel>|<!here>|<@U0EVIL>|<@U1>|<https:\/\/evil/;

let h: BotHarness;
beforeAll(async () => {
  h = await startBot();
});
afterAll(async () => {
  await h?.stop();
});

describe('every text fallback is escaped like the blocks', () => {
  it('/qr with a mention, a channel ping and a disguised link sends none of them raw to Slack', async () => {
    const channel = 'C0HOSTILE';
    const before = h.double.calls.length;
    await h.double.sendCommand(h.events, { command: '/qr', text: `"${HOSTILE}"`, channel });
    await h.double.waitFor(() => h.double.calls.length > before + 1 || undefined, 8000);
    await h.bot.deps.work.drain();
    const sent = h.double.calls.slice(before);
    const texts = sent.map((c) => c.args.text).filter((t): t is string => typeof t === 'string');
    expect(texts.length).toBeGreaterThan(0);
    // The channel saw the placeholder with the mark in it, escaped.
    expect(texts.some((t) => t.includes('&lt;!channel&gt;'))).toBe(true);
    for (const t of texts) expect(t).not.toMatch(RAW);
    for (const c of sent) expect(JSON.stringify(c.args.blocks ?? [])).not.toMatch(RAW);
  });

  it('QR status, QR thread, cards and error cards escape input and gateway data in `text`', () => {
    const qr = {
      mediaMark: HOSTILE,
      landingPage: HOSTILE,
      sessionId: '<@U0EVIL>',
      url: 'https://evil.example|click> <!channel>',
      askedBy: 'U0ASKER',
      state: 1 as const,
      watch: 'watching' as const,
      createdAt: new Date(),
      lastCheckedAt: null,
      checksMade: 0,
      pointsCharged: 10,
      timeZone: 'Asia/Shanghai',
      sandbox: false,
      t: ENGLISH,
    };
    const messages = [
      qrStatusMessage(qr),
      qrCreatingMessage(HOSTILE, 'U0ASKER', true, ENGLISH),
      qrAccountThreadMessage({
        data: longAccount(),
        sessionId: '<@U0EVIL>',
        askedBy: 'U0ASKER',
        points: 30,
        timeZone: 'Asia/Shanghai',
        sandbox: false,
        t: ENGLISH,
      }),
      payOrderCard(longPayOrder(), { timeZone: 'Asia/Shanghai', refreshValue: 'r', t: ENGLISH }),
      accountCard(longAccount(), { timeZone: 'Asia/Shanghai', t: ENGLISH }),
      errorCard(
        new GatewayApiError({
          operation: 'shopOrders',
          requestId: 'r1',
          code: 302,
          reason: 'unauthorized-shop',
          gatewayMessage: HOSTILE,
          authUrl: 'https://evil.example/auth?<!channel>',
        }),
        ENGLISH,
      ),
    ];
    for (const m of messages) expect(m.text).not.toMatch(RAW);
  });
});
