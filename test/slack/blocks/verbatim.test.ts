import { describe, expect, it } from 'vitest';
import { GatewayApiError } from '../../../src/gateway/errors.js';
import { accountCard } from '../../../src/slack/blocks/account-card.js';
import { couponsCard } from '../../../src/slack/blocks/coupons-card.js';
import { errorCard } from '../../../src/slack/blocks/error-card.js';
import { ENGLISH } from '../../../src/slack/blocks/format.js';
import type { SlackMessage } from '../../../src/slack/blocks/message.js';
import { notice } from '../../../src/slack/blocks/message.js';
import { orderWatchCard } from '../../../src/slack/blocks/order-watch-card.js';
import { payOrderCard } from '../../../src/slack/blocks/pay-order-card.js';
import { punishmentsCard } from '../../../src/slack/blocks/punishments-card.js';
import { qrAccountThreadMessage } from '../../../src/slack/blocks/qr-account-thread.js';
import { qrStatusMessage } from '../../../src/slack/blocks/qr-status-message.js';
import { shopOrdersCard } from '../../../src/slack/blocks/shop-orders-card.js';
import {
  LONG,
  longAccount,
  longCoupon,
  longPayOrder,
  longPunishment,
  longShopOrder,
  parsedPunishments,
} from './card-data.js';

/**
 * Gateway text written to ping, link and mention: bare words Slack's mrkdwn would turn into
 * mentions and links unless the text object is verbatim, and the explicit forms escaping stops.
 */
const HOSTILE =
  '@here @channel @everyone #general https://evil.example <!here> <!channel> <#C0EVIL> <@U0EVIL> <http://evil.example|click>';
/** The explicit forms, were any to reach Slack unescaped. */
const RAW = /<!here>|<!channel>|<#C0EVIL>|<@U0EVIL>|<http:\/\/evil/;

/** The same data with every long test string replaced by the hostile one. */
function hostile<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.split(LONG).join(HOSTILE);
    if (Array.isArray(v)) return v.map(walk);
    if (v instanceof Date || v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
  };
  return walk(value) as T;
}

/** Every mrkdwn text object in the blocks. */
function mrkdwnObjects(blocks: unknown): { text: string; verbatim?: unknown }[] {
  const out: { text: string; verbatim?: unknown }[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.type === 'mrkdwn' && typeof o.text === 'string') {
        out.push({ text: o.text, verbatim: o.verbatim });
      } else Object.values(o).forEach(walk);
    }
  };
  walk(blocks);
  return out;
}

const zone = 'Asia/Shanghai';
const at = new Date('2024-05-01T04:00:00Z');
const cards: [string, () => SlackMessage][] = [
  [
    'payment order',
    () => payOrderCard(hostile(longPayOrder()), { timeZone: zone, refreshValue: 'r', t: ENGLISH }),
  ],
  [
    'shop orders',
    () =>
      shopOrdersCard(
        {
          ownerId: HOSTILE,
          edition: 'enhanced',
          filters: { remark: HOSTILE },
          orders: [1, 2].map((i) => hostile(longShopOrder(i))),
          humanPage: 1,
          totalPages: 1,
          totalOrders: 2,
        },
        { timeZone: zone, t: ENGLISH },
      ),
  ],
  [
    'coupons',
    () =>
      couponsCard(
        {
          sid: HOSTILE,
          kind: 'takeout',
          from: at,
          to: at,
          windows: 1,
          total: 2,
          rows: [1, 2].map((i) => hostile(longCoupon(i))),
          humanPage: 1,
          totalPages: 1,
        },
        { timeZone: zone, t: ENGLISH },
      ),
  ],
  [
    'punishments',
    () =>
      punishmentsCard(
        {
          platformUserId: HOSTILE,
          page: {
            ...parsedPunishments(),
            rows: [1, 2].map((i) => hostile(longPunishment(i))),
            bizErrorDesc: HOSTILE,
            resultMsg: HOSTILE,
          },
          humanPage: 1,
          totalPages: 1,
        },
        { timeZone: zone, t: ENGLISH },
      ),
  ],
  ['account', () => accountCard(hostile(longAccount()), { timeZone: zone, t: ENGLISH })],
  [
    'QR account thread',
    () =>
      qrAccountThreadMessage({
        data: hostile(longAccount()),
        sessionId: HOSTILE,
        askedBy: 'U0ASKER',
        points: 30,
        timeZone: zone,
        sandbox: false,
        t: ENGLISH,
      }),
  ],
  [
    'QR status',
    () =>
      qrStatusMessage({
        mediaMark: HOSTILE,
        landingPage: HOSTILE,
        sessionId: HOSTILE,
        url: `https://evil.example/${HOSTILE}`,
        askedBy: 'U0ASKER',
        state: 1,
        watch: 'watching',
        createdAt: at,
        lastCheckedAt: null,
        checksMade: 0,
        pointsCharged: 10,
        timeZone: zone,
        sandbox: false,
        t: ENGLISH,
      }),
  ],
  [
    'order watch',
    () =>
      orderWatchCard(
        hostile(longPayOrder()),
        {
          watchId: 'w1',
          state: 'watching',
          userId: 'U0ASKER',
          stoppedBy: null,
          intervalMs: 60_000,
          watchUntil: at,
          timeoutMs: 86_400_000,
        },
        zone,
        ENGLISH,
      ),
  ],
  [
    'gateway error',
    () =>
      errorCard(
        new GatewayApiError({
          operation: 'shopOrders',
          requestId: 'r1',
          code: 302,
          reason: 'unauthorized-shop',
          gatewayMessage: HOSTILE,
          authUrl: 'https://evil.example/auth',
        }),
        ENGLISH,
      ),
  ],
  ['notice', () => notice(`Nothing found for ${HOSTILE.replace(/[<>&]/g, '')}`)],
];

describe.each(cards)('%s card with hostile gateway data', (_name, render) => {
  it('marks every mrkdwn text verbatim, so no bare @here or #channel is parsed', () => {
    const message = render();
    const objects = mrkdwnObjects(message.blocks);

    expect(objects.length).toBeGreaterThan(0);
    for (const o of objects) expect(o, o.text.slice(0, 80)).toMatchObject({ verbatim: true });
  });

  it('escapes every explicit mention, channel link and link, in the blocks and the fallback', () => {
    const message = render();

    expect(message.text).not.toMatch(RAW);
    for (const o of mrkdwnObjects(message.blocks)) expect(o.text).not.toMatch(RAW);
  });
});
