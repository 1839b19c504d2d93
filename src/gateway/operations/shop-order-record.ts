import { z } from 'zod';
import { looseYuan } from './loose-values.js';
import { looseBool, looseInt, looseText, looseTime } from './schema-helpers.js';

export interface ShopOrder {
  orderSn: string;
  goodsName: string;
  goodsImg: string;
  goodsSpec: string;
  goodsCount: number;
  /** Yuan with exactly two decimals, derived from the sent decimal without float arithmetic. */
  payAmountText: string;
  /** The same amount in fen, an integer. */
  payAmountFen: number;
  /** As sent; the document gives no value list. */
  status: string;
  isPreSale: boolean;
  lastShipAt?: Date;
  confirmedAt?: Date;
  remark: string;
  remarkTag: number | null;
  remarkTagName: string | null;
  /** Encrypted or masked by the gateway. */
  receiverName: string;
  receiverPhone: string;
  province: string;
  city: string;
  town: string;
  address: string;
}

const nullableTag = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v): number | null => {
    const parsed = looseInt.safeParse(v);
    return parsed.success ? parsed.data : null;
  });

const nullableText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v): string | null => (v === null || v === undefined ? null : String(v)));

export function shopOrderRecord(zone: string) {
  return z
    .looseObject({
      order_sn: looseText,
      goods_name: looseText,
      goods_img: looseText,
      goods_spec: looseText,
      // A string in the table, a number in the sample; a missing count reads as 0.
      goods_count: looseInt.optional().transform((v) => v ?? 0),
      pay_amount: looseYuan,
      order_status: looseText,
      is_pre_sale: looseBool,
      last_ship_time: looseTime(zone),
      confirm_time: looseTime(zone),
      remark: looseText,
      remark_tag: nullableTag,
      remark_tag_name: nullableText,
      receiver_name: looseText,
      receiver_phone: looseText,
      province: looseText,
      city: looseText,
      town: looseText,
      receiver_address: looseText,
      address: looseText,
    })
    .transform(
      (o): ShopOrder => ({
        orderSn: o.order_sn,
        goodsName: o.goods_name,
        goodsImg: o.goods_img,
        goodsSpec: o.goods_spec,
        goodsCount: o.goods_count,
        payAmountText: o.pay_amount.text,
        payAmountFen: o.pay_amount.fen,
        status: o.order_status,
        isPreSale: o.is_pre_sale,
        lastShipAt: o.last_ship_time,
        confirmedAt: o.confirm_time,
        remark: o.remark,
        remarkTag: o.remark_tag,
        remarkTagName: o.remark_tag_name,
        receiverName: o.receiver_name,
        receiverPhone: o.receiver_phone,
        province: o.province,
        city: o.city,
        town: o.town,
        address: o.receiver_address || o.address,
      }),
    );
}
