import { z } from 'zod';
import type { OperationDef } from '../operation.js';
import { intBetween, requiredText, wallClockText } from './input-rules.js';
import { compactWire, looseCount, looseList } from './loose-values.js';
import { looseInt } from './schema-helpers.js';
import { type ShopOrder, shopOrderRecord } from './shop-order-record.js';

/** enhanced → wire vvtype 1 (the gateway's default), ordinary → 2. */
export const ShopEdition = z.enum(['enhanced', 'ordinary'], {
  error: 'edition must be enhanced or ordinary',
});
export type ShopEdition = z.infer<typeof ShopEdition>;

export const ShopOrdersInput = z
  .strictObject({
    ownerId: requiredText('owner id'),
    edition: ShopEdition.default('enhanced'),
    /** The gateway's page: the first page is 0. */
    page: intBetween('page', 0).default(0),
    pageSize: intBetween('page size', 1, 100).default(100),
    /** Wall clock in the gateway zone. */
    start: wallClockText('start').optional(),
    end: wallClockText('end').optional(),
    remark: requiredText('remark').optional(),
    remarkTag: intBetween('remark tag', 1, 5).optional(),
    remarkTagName: requiredText('remark tag name').optional(),
  })
  .refine(
    (i) =>
      i.edition === 'enhanced' ||
      [i.start, i.end, i.remark, i.remarkTag, i.remarkTagName].every((f) => f === undefined),
    {
      message: 'time and remark filters work only with the enhanced edition',
      path: ['edition'],
    },
  )
  // Same fixed-width format in the same zone, so text order is time order.
  .refine((i) => i.start === undefined || i.end === undefined || i.end > i.start, {
    message: 'the end time must be after the start time',
    path: ['end'],
  });
export type ShopOrdersInput = z.infer<typeof ShopOrdersInput>;

export interface ShopOrderPage {
  orders: ShopOrder[];
  /** The gateway's page number (first page 0). */
  page: number;
  pageSize: number;
  /** total_elements: all orders, deciding whether more pages exist. */
  total: number;
  charge: number;
}

function shopOrderPage(zone: string) {
  return z
    .looseObject({
      content: looseList(shopOrderRecord(zone)),
      // The document names the paging members both ways.
      page: looseCount,
      pageSize: looseCount,
      page_size: looseCount,
      totalElements: looseCount,
      total_elements: looseCount,
      withholding_money: looseInt.catch(0),
    })
    .transform(
      (p): ShopOrderPage => ({
        orders: p.content,
        page: p.page ?? 0,
        pageSize: p.pageSize ?? p.page_size ?? p.content.length,
        total: p.totalElements ?? p.total_elements ?? p.content.length,
        charge: p.withholding_money,
      }),
    );
}

export const shopOrders = {
  name: 'shopOrders',
  number: 7,
  title: 'Query sold orders by page',
  method: 'POST',
  path: '/papi/tool/erps/paging-orders',
  encoding: 'form',
  paid: true,
  input: ShopOrdersInput,
  toWire: (i) =>
    compactWire({
      owner_id: i.ownerId,
      vvtype: i.edition === 'enhanced' ? '1' : '2',
      page: String(i.page),
      pageSize: String(i.pageSize),
      start_time: i.start,
      end_time: i.end,
      remark: i.remark,
      remarkTag: i.remarkTag === undefined ? undefined : String(i.remarkTag),
      remarkTagName: i.remarkTagName,
    }),
  parse: (data, ctx) => shopOrderPage(ctx.timeZone).parse(data),
} satisfies OperationDef<ShopOrdersInput, ShopOrderPage>;
