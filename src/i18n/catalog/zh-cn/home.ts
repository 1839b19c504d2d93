import type { enHome } from '../en/home.js';

/** Simplified Chinese messages: home. Same keys and placeholders as English. */
export const zhCNHome = {
  'home.header': 'querydesk：积分与查询',
  'home.daysIn': '日期按 {timeZone} 计算。用 `/spend 30d` 查看更多。',
  'home.today': '今天：{total}',
  'home.noCallsToday': '今天没有调用。',
  'home.todayBudget': '今日预算',
  'home.last7Days': '最近 7 天：{total}',
  'home.noCalls': '没有调用。',
  'home.byDay': '按天',
  'home.recent': '你最近的 10 次查询',
  'home.noRecent': '你还没有查询过。',
  'home.liveQr': '你正在关注的二维码',
  'home.noLiveQr': '你的二维码都没有在关注中。',
  'home.watches': '你关注的订单',
  'home.noWatches': '你没有关注任何支付订单。',
  'home.refunded': '退还 {points}',
  'home.chargeUnknown': '扣费未知（占用 {points}）',
  'home.since': '自 {since} 起',
  'home.qrState': '状态 {state}',
  'home.sandbox': '沙箱数据：由内置的沙箱网关回复；积分为模拟值，没有真实账号被扣费',
} as const satisfies Record<keyof typeof enHome, string>;
