import type { enTables } from '../en/tables.js';

/** Simplified Chinese messages: the record tables of result cards. Same keys as English. */
export const zhCNTables = {
  'table.more.export':
    '本页还有 {n, plural, other {# 条记录}}超出 Slack 表格的容量（99 行）：{command} 可导出全部记录。',
  'table.more.size':
    '本页还有 {n, plural, other {# 条记录}}超出 Slack 表格的容量（99 行）：请用更小的 size= 查看。',
  'table.shopOrders.order': '订单号',
  'table.shopOrders.status': '状态',
  'table.shopOrders.goods': '商品',
  'table.shopOrders.count': '数量',
  'table.shopOrders.amount': '实付（元）',
  'table.shopOrders.shipBy': '最晚发货',
  'table.shopOrders.receiver': '收货人',
  'table.shopOrders.notes': '备注 · 标记',
  'table.shopOrders.text':
    '{id} 的店铺订单：第 {page} / {pages} 页，本页 {n, plural, other {# 个订单}}，共 {total} 个',
  'table.coupons.claimedAt': '领取时间',
  'table.coupons.name': '优惠券',
  'table.coupons.amount': '面额（元）',
  'table.coupons.minSpend': '使用门槛（元）',
  'table.coupons.code': '券码',
  'table.coupons.validFrom': '生效时间',
  'table.coupons.validTo': '失效时间',
  'table.coupons.text':
    '{sid} 的优惠券：第 {page} / {pages} 页，本页 {n, plural, other {# 次领取}}，共 {total} 次',
  'table.punishments.status': '状态',
  'table.punishments.violation': '违规类型',
  'table.punishments.trade': '交易号',
  'table.punishments.created': '创建时间',
  'table.punishments.settles': '结算月份',
  'table.punishments.relation': '渠道关系 ID',
  'table.punishments.pid': 'PID（pub/site/adzone）',
  'table.punishments.text':
    '{id} 的处罚订单：第 {page} / {pages} 页，本页 {n, plural, other {# 条}}，共 {total} 条{error}',
} as const satisfies Record<keyof typeof enTables, string>;
