/** English messages: the record tables of result cards. Keys start with `table.`; see ../en.ts. */
export const enTables = {
  'table.more.export':
    'This page has {n, plural, one {# more record} other {# more records}} than a Slack table holds (99): {command} gives all of them.',
  'table.more.size':
    'This page has {n, plural, one {# more record} other {# more records}} than a Slack table holds (99): ask for a smaller size= to see them.',
  'table.shopOrders.order': 'Order no.',
  'table.shopOrders.status': 'Status',
  'table.shopOrders.goods': 'Goods',
  'table.shopOrders.count': 'Qty',
  'table.shopOrders.amount': 'Paid (¥)',
  'table.shopOrders.shipBy': 'Ship by',
  'table.shopOrders.receiver': 'Receiver',
  'table.shopOrders.notes': 'Remark · tag',
  'table.shopOrders.text':
    'Shop orders for {id}: page {page} of {pages}, {n, plural, one {# order} other {# orders}} on this page, {total} in all',
  'table.coupons.claimedAt': 'Claimed',
  'table.coupons.name': 'Coupon',
  'table.coupons.amount': 'Value (¥)',
  'table.coupons.minSpend': 'Min. spend (¥)',
  'table.coupons.code': 'Code',
  'table.coupons.validFrom': 'Valid from',
  'table.coupons.validTo': 'Valid to',
  'table.coupons.text':
    'Coupons for {sid}: page {page} of {pages}, {n, plural, one {# claim} other {# claims}} on this page, {total} in all',
  'table.punishments.status': 'Status',
  'table.punishments.violation': 'Violation',
  'table.punishments.trade': 'Trade',
  'table.punishments.created': 'Created',
  'table.punishments.settles': 'Settles',
  'table.punishments.relation': 'Relation',
  'table.punishments.pid': 'PID (pub/site/adzone)',
  'table.punishments.text':
    'Punishment orders for {id}: page {page} of {pages}, {n, plural, one {# order} other {# orders}} on this page, {total} in all{error}',
} as const;
