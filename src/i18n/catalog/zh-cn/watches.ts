import type { enWatches } from '../en/watches.js';

/** Simplified Chinese messages: watches. Same keys and placeholders as English. */
export const zhCNWatches = {
  'watches.someone': '某人',
  'watches.duration.h': '{n} 小时',
  'watches.duration.min': '{n} 分钟',
  'watches.duration.s': '{n} 秒',
  'watches.duration.ms': '{n} 毫秒',
  'watches.line.watching':
    ':eyes: 为 {who} 监控中：每 {every}查询一次，直到 {until}；变化会发在消息列中。',
  'watches.line.final': ':white_check_mark: 监控已结束：订单已到最终状态，不会再变化。',
  'watches.line.timedOut': ':hourglass: 监控已结束：{timeout}内未到最终状态。',
  'watches.line.stopped': ':octagonal_sign: 监控已结束：由 {who} 停止。',
  'watches.button.stop': '停止监控',
  'watches.text.watching': '{card}（监控中）',
  'watches.text.ended': '{card}（监控已结束）',
  'watches.event.paid': '已支付（{time}）',
  'watches.event.paidNoTime': '已支付（网关未给出支付时间）',
  'watches.event.calledBack': '商户已回调（{time}）',
  'watches.event.calledBackAfterAlert': '商户已回调（{time}，在提醒之后）：回调已到达。',
  'watches.event.refunded': '已退款（{time} 发现）',
  'watches.event.cancelled': '已取消（{time} 发现）',
  'watches.event.status': '状态变为{status}（{time} 发现）',
  'watches.event.notCalledBack':
    ':rotating_light: {who} 于 {paidAt} 已支付，{after}后仍未回调：商户的回调尚未到达。',
  'watches.list.notChecked': '尚未查询',
  'watches.list.calledBack': '{status}，已回调',
  'watches.list.notCalledBack': '{status}，未回调',
  'watches.list.line': '• 商户 `{merchant}` 的订单 `{order}`：{state}（自 {since} 起监控）',
  'watches.list.none': '{where}没有正在监控的支付订单。可用 {usage} 开始监控。',
  'watches.list.title': '{where}正在监控 {n, plural, other {# 个支付订单}}',
  'watches.list.thisChannel': '本频道',
  'watches.ended': '此监控已经结束。',
  'watches.error.cannotPostTitle': '我无法在此频道发消息',
  'watches.error.cannotPostDetail':
    '监控会在频道中发布订单卡片及其变化。请用 `/invite @querydesk` 邀请我，然后重新运行命令。',
  'watches.usage': '用法：{usage}',
} as const satisfies Record<keyof typeof enWatches, string>;
