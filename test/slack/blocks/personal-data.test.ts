import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import {
  maskAddress,
  maskName,
  maskPersonalData,
  maskPhoneText,
} from '../../../src/slack/blocks/personal-data.js';
import { type BotHarness, startBotBehindProxy } from '../../fakes/bot.js';
import type { GatewayProxy } from '../../fakes/gateway-proxy.js';

const X = SANDBOX_EXAMPLES;

describe('masking personal data', () => {
  it('masks whole phone numbers, names and street addresses; leaves masked ones as the gateway sent them', () => {
    expect(maskPhoneText('13812345678')).toBe('138****5678');
    expect(maskPhoneText('+86 138 1234 5678')).toBe('+86 1** **** 5678');
    expect(maskPhoneText('138****0000')).toBe('138****0000');
    expect(maskName('王小明')).toBe('王**');
    expect(maskName('王*')).toBe('王*');
    expect(maskAddress('朝阳区建国路88号3栋1201')).toBe('朝阳区建国路***');
    const at = new Date('2026-01-01T00:00:00Z');
    const page = maskPersonalData({
      orders: [
        { receiverName: 'Li Lei', receiverPhone: '13812345678', address: '1 Long Road', at },
      ],
      data: { phone: '13900001111', mediaMark: 'm' },
    });
    expect(page.orders[0]).toEqual({
      receiverName: 'L***',
      receiverPhone: '138****5678',
      address: '1 Long***',
      at,
    });
    expect(page.data).toEqual({ phone: '139****1111', mediaMark: 'm' });
  });
});

describe('kept cards hold no whole phone number or receiver', () => {
  let proxy: GatewayProxy;
  let h: BotHarness;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ h, proxy, stop } = await startBotBehindProxy());
  });
  afterAll(async () => {
    await stop?.();
  });

  it('a gateway that sends receivers in full: the card, the kept page, the kept card and the shared card are masked', async () => {
    // As if the gateway did not mask: whole phone numbers, names and addresses.
    let unmasked = 0;
    proxy.rewrite((body) => {
      const full = body
        .replace(/"receiver_phone":"1(\d\d)\*\*\*\*(\d{4})"/g, '"receiver_phone":"1$10000$2"')
        .replace(/"receiver_name":"([^"*]+)\*"/g, '"receiver_name":"$1FULLNAME"')
        .replace(/号(\d+)栋\*\*\*/g, '号$1栋1201室SECRETROOM');
      if (full !== body) unmasked++;
      return full;
    });
    const user = 'U0MASK';
    const channel = 'C0MASK';
    await h.double.sendCommand(h.events, {
      command: '/shoporders',
      text: `${X.shopOrders.ownerId} size=10`,
      user,
      channel,
    });
    const card = await h.double.waitFor(
      () => h.double.messages().find((m) => m.ephemeral && m.visibleTo === user),
      8000,
    );
    proxy.rewrite(undefined);
    expect(unmasked).toBe(1);
    const whole = /1\d\d0000\d{4}|FULLNAME|SECRETROOM/;
    // The receiver is shown, masked: a phone number keeps only its first 3 and last 4 digits.
    expect(JSON.stringify(card.blocks)).toMatch(/"Receiver"/);
    expect(JSON.stringify(card.blocks)).toMatch(/1\d\d\*{4}\d{4}/);
    expect(JSON.stringify(card.blocks)).not.toMatch(whole);

    const kept = await h.bot.deps.store.db.selectFrom('shared_cache').select('value').execute();
    expect(kept.length).toBeGreaterThan(0);
    for (const row of kept) expect(row.value).not.toMatch(whole);

    await h.double.sendAction(h.events, {
      actionId: 'qd_share',
      channel,
      messageTs: card.ts,
      user,
    });
    const shared = await h.double.waitFor(
      () => h.double.messages(channel).find((m) => !m.ephemeral),
      8000,
    );
    expect(JSON.stringify(shared.blocks)).toMatch(/Shared by/);
    expect(JSON.stringify(shared)).not.toMatch(whole);
  });
});
