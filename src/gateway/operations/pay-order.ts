import { z } from 'zod';
import type { OperationDef } from '../operation.js';
import { looseInt, looseText, looseTime } from './schema-helpers.js';

/** Which number `orderNumber` is: the merchant-defined one (wire type 1) or the platform's (2). */
export const PayOrderNumberKind = z.enum(['merchant', 'platform']);
export type PayOrderNumberKind = z.infer<typeof PayOrderNumberKind>;

export const PayOrderInput = z.strictObject({
  orderNumber: z.string().trim().min(1, 'order number is required').max(64),
  merchantNum: z.string().trim().min(1, 'merchant number is required').max(64),
  kind: PayOrderNumberKind,
});
export type PayOrderInput = z.infer<typeof PayOrderInput>;

/** 0 unpaid, 1 paid, 2 refunded, 3 cancelled (the document's States table). */
export type PayOrderStatus = number;

export interface PayOrder {
  merchantNum: string;
  merchantName: string;
  terminalNum: string;
  cashierNum: string;
  transCardNum: string;
  channelType: string;
  promotionDetail: string;
  payappCouponDetail: string;
  attach: string;
  relationOrderNumber: string;
  orderNumber: string;
  /** fen, integer */
  orderPriceFen: number;
  /** fen actually paid, integer */
  paidFen: number;
  status: PayOrderStatus;
  /** 1..8 per the document's order_type table */
  orderType: number;
  notifyUrl: string;
  notified: boolean;
  officialOrderNumber: string;
  paidAt?: Date;
  createdAt?: Date;
  title: string;
  charge: number;
}

function payOrderRecord(zone: string) {
  return z
    .looseObject({
      merchant_num: looseText,
      merchant_name: looseText,
      terminal_num: looseText,
      cashier_num: looseText,
      trans_card_num: looseText,
      channel_type: looseText,
      promotion_detail: looseText,
      payapp_coupon_detail: looseText,
      attach: looseText,
      relation_order_number: looseText,
      order_number: looseText,
      order_price: looseInt,
      order_realy_price: looseInt,
      order_status: looseInt,
      order_type: looseInt.catch(0),
      order_notify_url: looseText,
      order_notify_status: looseInt.catch(0),
      official_order_number: looseText,
      order_pay_at: looseTime(zone),
      created_at: looseTime(zone),
      order_title: looseText,
      withholding_money: looseInt.catch(0),
    })
    .transform(
      (r): PayOrder => ({
        merchantNum: r.merchant_num,
        merchantName: r.merchant_name,
        terminalNum: r.terminal_num,
        cashierNum: r.cashier_num,
        transCardNum: r.trans_card_num,
        channelType: r.channel_type,
        promotionDetail: r.promotion_detail,
        payappCouponDetail: r.payapp_coupon_detail,
        attach: r.attach,
        relationOrderNumber: r.relation_order_number,
        orderNumber: r.order_number,
        orderPriceFen: r.order_price,
        paidFen: r.order_realy_price,
        status: r.order_status,
        orderType: r.order_type,
        notifyUrl: r.order_notify_url,
        notified: r.order_notify_status === 1,
        officialOrderNumber: r.official_order_number,
        paidAt: r.order_pay_at,
        createdAt: r.created_at,
        title: r.order_title,
        charge: r.withholding_money,
      }),
    );
}

export const payOrder = {
  name: 'payOrder',
  number: 6,
  title: 'Payment order lookup',
  method: 'GET',
  path: '/papi/tool/accounts/merchant-order-detail',
  encoding: 'query',
  paid: false,
  input: PayOrderInput,
  toWire: (i) => ({
    order_number: i.orderNumber,
    merchant_num: i.merchantNum,
    type: i.kind === 'merchant' ? '1' : '2',
  }),
  parse(data, ctx) {
    // The field table says array, the sample shows an object: accept both, one order either way.
    const one = Array.isArray(data) ? (data.length === 1 ? data[0] : undefined) : data;
    if (one === undefined)
      throw new Error(`expected one payment order, got ${JSON.stringify(data)?.slice(0, 80)}`);
    return payOrderRecord(ctx.timeZone).parse(one);
  },
} satisfies OperationDef<PayOrderInput, PayOrder>;
