import type { enCommon } from '../en/common.js';

/** Simplified Chinese messages: common. Same keys and placeholders as English. */
export const zhCNCommon = {
  'word.points': '积分',
  'word.sandbox': '沙箱',
  'button.shareInChannel': '分享到频道',
  'qr.state.notScanned': '未扫码',
  'qr.state.scanned': '已扫码',
  'qr.state.expired': '已过期',
  'pay.status.unpaid': '未支付',
  'pay.status.paid': '已支付',
  'pay.status.refunded': '已退款',
  'pay.status.cancelled': '已取消',
  'pay.status.other': '状态 {status}',
  'pay.calledBack': '已回调',
  'pay.notCalledBack': '未回调',
  'count.points': '{points, plural, other {# 积分}}',
  'count.newOrders': '{count, plural, other {# 个新订单}}',
  'duration.seconds': '{n} 秒',
  'duration.minutes': '{n} 分钟',
} as const satisfies Record<keyof typeof enCommon, string>;
