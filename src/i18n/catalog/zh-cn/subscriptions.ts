import type { enSubscriptions } from '../en/subscriptions.js';

/** Simplified Chinese messages: subscriptions. Same keys and placeholders as English. */
export const zhCNSubscriptions = {
  'subscriptions.what': '{owner} 的新店铺订单',
  'subscriptions.what.filtered': '{owner} 的新店铺订单（{filters}）',
  'subscriptions.filter.remark': '备注“{remark}”',
  'subscriptions.filter.tag': '标记 {tag}',
  'subscriptions.filter.separator': '，',
  'subscriptions.every.hours': '{n} 小时',
  'subscriptions.every.minutes': '{n} 分钟',
  'subscriptions.every.seconds': '{n} 秒',
  'subscriptions.refusal.everyFormat': '必须是整数加 s、m 或 h（如 15m）',
  'subscriptions.refusal.everyMax': '最长为 24 小时（24h）',
  'subscriptions.refusal.everyMin': '最短为 {min}（SUBSCRIPTION_MIN_INTERVAL_MS）',
  'subscriptions.refusal.enhancedOnly': '订阅只能使用增强版（其列表可按时间筛选）',
  'subscriptions.perDay.unknown': '每天积分：尚不知道，首次轮询后显示',
  'subscriptions.perDay.atLeast': '每天至少 {points} 积分',
  'subscriptions.preview.title': '*让这个频道订阅{what}？*',
  'subscriptions.preview.perDay':
    '每天轮询 {polls} 次（每 {every}一次），{perDay}（每次轮询一页；一次轮询发现超过 100 个订单时更多）。',
  'subscriptions.preview.priceUnknown': '一次轮询的价格（操作 7）：尚不知道，首次轮询后显示。',
  'subscriptions.preview.priceKnown':
    '一次轮询的价格（操作 7），本工作区最近一次扣费：每页 {price} 积分。',
  'subscriptions.preview.noBudget': '本工作区没有设置每日预算。',
  'subscriptions.preview.budget': '每日预算：{budget} 积分。超出预算的轮询会等到下一个预算日。',
  'subscriptions.preview.nothingYet': '目前还没有调用任何接口。订阅之前确认的订单不会发布。',
  'subscriptions.preview.tooMany.title': '未处理的预览过多',
  'subscriptions.preview.tooMany.detail':
    '你在此工作区有 {max} 个未处理的订阅预览。请先在其中一个上点击“订阅”或“取消”；未处理的预览一天后会被删除。',
  'subscriptions.button.subscribe': '订阅',
  'subscriptions.button.cancel': '取消',
  'subscriptions.button.unsubscribe': '取消订阅',
  'subscriptions.button.authorize': '去授权',
  'subscriptions.someone': '某人',
  'subscriptions.head':
    '*{what}*，由 {who} 订阅：每 {every}轮询一次（每天 {polls} 次，{perDay}）。',
  'subscriptions.ended.unsubscribed': '已被 {who} 取消订阅',
  'subscriptions.ended.uninstalled': '应用已从这个工作区移除',
  'subscriptions.ended.left_channel': 'querydesk 已离开这个频道',
  'subscriptions.ended.archived': '这个频道已归档',
  'subscriptions.ended.other': '已结束',
  'subscriptions.status.ended':
    '已结束：{why}。共轮询 {polls} 次，{points} 积分，发布了 {orders} 个订单。',
  'subscriptions.status.paused':
    '因每日预算暂停：下一次轮询会使今天的积分超出预算。预算日翻转时（{at}，{zone}）自动恢复。',
  'subscriptions.status.problem':
    '最近几次轮询失败：{problem} 轮询会以较低频率继续，直到恢复正常。',
  'subscriptions.status.polling':
    '轮询中：已轮询 {polls} 次，{points} 积分，发布了 {orders} 个订单。',
  'subscriptions.noLongerPolls': '这个订阅已不再轮询。',
  'subscriptions.list.none': '这个频道没有订阅。用 {command} 创建一个。',
  'subscriptions.list.title': '这个频道有 {n, plural, other {# 个订阅}}',
  'subscriptions.list.row':
    '{what}，每 {every}一次，由 {who} 订阅：已轮询 {polls} 次，{points} 积分{paused}。',
  'subscriptions.list.paused': '，因预算暂停',
  'subscriptions.order.goodsSpec': '{name}（{spec}）',
  'subscriptions.order.line': '{sn} {goods}，{amount}，确认于 {at}',
  'subscriptions.order.linePlace': '{sn} {goods}，{amount}，确认于 {at}，{place}',
  'subscriptions.order.new': '新订单：{line}',
  'subscriptions.batch.text': '{owner} 的 {orders}',
  'subscriptions.batch.firstShown': '按确认时间显示前 {n} 个；',
  'subscriptions.batch.allInCsv': '{first}全部 {total} 个订单都在本消息串的 CSV 中。{what}',
  'subscriptions.problem.gateway': '{meaning}{code}。处理办法：{remedy}。',
  'subscriptions.problem.code': '（代码 {code}）',
  'subscriptions.problem.internal':
    'querydesk 无法完成轮询（已记录日志）。它会继续尝试；如果一直如此，请联系运行 querydesk 的人。',
  'subscriptions.cannotPost':
    '我无法在这个频道发消息：请用 /invite @querydesk 邀请我，然后重新订阅。没有调用任何接口。',
  'subscriptions.subscribed': '已订阅：订阅消息在频道中。',
  'subscriptions.alreadyEnded': '这个订阅已经结束。',
  'subscriptions.unsubscribed': '已取消订阅：不会再为它轮询。',
  'subscriptions.dismissed': '未订阅；没有调用任何接口。',
} as const satisfies Record<keyof typeof enSubscriptions, string>;
