import type {
  AccountData,
  Coupon,
  PayOrder,
  PunishmentOrder,
  PunishmentPage,
  ShopOrder,
} from '../../../src/gateway/operations/index.js';
import { operations } from '../../../src/gateway/operations/index.js';
import { ctx, fixtureData } from '../../gateway/operations/fixture.js';

/** 5000 characters with every mrkdwn control character and a would-be mention in it. */
export const LONG = `<!channel> <@U1> & ${'长'.repeat(2000)}${'x'.repeat(3000)}`.slice(0, 5000);

export const parsedPayOrder = (): PayOrder =>
  operations.payOrder.parse(fixtureData('pay-order-object.json'), ctx);
export const parsedShopPage = () =>
  operations.shopOrders.parse(fixtureData('shop-orders-sample.json'), ctx);
export const parsedAccount = (): AccountData =>
  operations.accountData.parse(fixtureData('account-data.json'), ctx);
export const parsedCoupons = () =>
  operations.coupons.parse(fixtureData('coupons-total-number.json'), ctx);
export const parsedPunishments = (): PunishmentPage =>
  operations.punishments.parse(fixtureData('punishments-nested.json'), ctx);

const at = new Date('2024-05-01T04:00:00Z');

export function longPayOrder(): PayOrder {
  return {
    ...parsedPayOrder(),
    merchantNum: LONG,
    merchantName: LONG,
    terminalNum: LONG,
    cashierNum: LONG,
    transCardNum: LONG,
    channelType: LONG,
    promotionDetail: LONG,
    payappCouponDetail: LONG,
    attach: LONG,
    relationOrderNumber: LONG,
    orderNumber: LONG,
    officialOrderNumber: LONG,
    title: LONG,
    orderPriceFen: 100000001,
    paidFen: 1,
  };
}

export function longShopOrder(i: number): ShopOrder {
  return {
    orderSn: `${i}-${LONG}`,
    goodsName: LONG,
    goodsImg: LONG,
    goodsSpec: LONG,
    goodsCount: 99999,
    payAmountText: '999999.99',
    payAmountFen: 99999999,
    status: LONG,
    isPreSale: true,
    lastShipAt: at,
    confirmedAt: at,
    remark: LONG,
    remarkTag: 5,
    remarkTagName: LONG,
    receiverName: LONG,
    receiverPhone: LONG,
    province: LONG,
    city: LONG,
    town: LONG,
    address: LONG,
  };
}

export function longAccount(): AccountData {
  const person = {
    name: LONG,
    sex: 2,
    sexWord: 'male' as const,
    avatar: LONG,
    city: LONG,
    province: LONG,
    country: LONG,
  };
  const entries = Array.from({ length: 200 }, (_, i) => ({ label: `${i}${LONG}`, count: i * 7 }));
  return {
    ...parsedAccount(),
    name: LONG,
    phone: LONG,
    city: LONG,
    province: LONG,
    country: LONG,
    roleWord: LONG,
    antistop: LONG,
    fansAntistop: LONG,
    fansCount: 123456789012,
    daily: Array.from({ length: 40 }, () => ({
      date: LONG,
      newPlays: 123456789012345,
      totalContent: 1,
      newContent: 1,
      totalFans: 1,
      newFans: -5,
      newLikes: null,
      newComments: 1.5,
      newShares: 0,
      homeVisitors: 99999999999,
    })),
    interests: entries,
    fansAges: entries,
    territories: entries,
    fans: Array.from({ length: 500 }, () => person),
    following: Array.from({ length: 500 }, () => person),
  };
}

export function longCoupon(i: number): Coupon {
  return {
    appKey: LONG,
    sid: LONG,
    claimedAt: new Date(at.getTime() + i * 60_000),
    moneyText: LONG,
    minUseMoneyText: LONG,
    name: `${i} ${LONG}`,
    type: LONG,
    code: LONG,
    begins: at,
    ends: at,
  };
}

export function longPunishment(i: number): PunishmentOrder {
  return {
    relationId: `${i}${LONG}`,
    settleMonth: LONG,
    punishStatus: i % 2 === 0 ? '0' : LONG,
    punishStatusWord: i % 2 === 0 ? 'frozen' : LONG,
    violationType: LONG,
    violationWord: LONG,
    tradeCreatedAt: at,
    platTradeId: LONG,
    adzoneId: LONG,
    siteId: LONG,
    pubId: LONG,
  };
}

/** Every string a person could read in a message: fallback text plus all text objects. */
export function visibleText(value: unknown): string {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k === 'text' && typeof child === 'string') out.push(child);
        else walk(child);
      }
    }
  };
  walk(value);
  return out.join('\n');
}

/** Every interactive element (buttons, selects) in the blocks. */
export function actionIds(blocks: unknown[]): string[] {
  return blocks.flatMap((b) => {
    const elements = (b as { elements?: { action_id?: string }[] }).elements ?? [];
    return elements.flatMap((e) => (e.action_id ? [e.action_id] : []));
  });
}

/** The text Slack parses as mrkdwn (where a mention would ping): fallback plus mrkdwn objects. */
export function mrkdwnText(message: { text: string; blocks: unknown[] }): string {
  const out: string[] = [message.text];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      if ('type' in v && v.type === 'mrkdwn' && 'text' in v && typeof v.text === 'string')
        out.push(v.text);
      else Object.values(v).forEach(walk);
    }
  };
  walk(message.blocks);
  return out.join('\n');
}

/** The message's table block: its rows as cell texts (header row first) and column alignments. */
export function tableOf(blocks: unknown[]): { rows: string[][]; align: string[] } | undefined {
  const table = blocks.find((b) => (b as { type?: string }).type === 'table') as
    | { rows: { text: string }[][]; column_settings?: { align?: string }[] }
    | undefined;
  if (!table) return undefined;
  return {
    rows: table.rows.map((row) => row.map((c) => c.text)),
    align: (table.column_settings ?? []).map((s) => s.align ?? 'left'),
  };
}
