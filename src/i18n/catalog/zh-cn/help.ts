import type { enHelp } from '../en/help.js';

/** Simplified Chinese messages: help. Same keys and placeholders as English. */
export const zhCNHelp = {
  'help.title': 'querydesk 命令',
  'help.text': 'querydesk 命令：{names}',
  'help.options':
    '选项写作 `key=value`；含空格的值请加引号。日期写作 `YYYY-MM-DD`。页码从 1 开始。不带参数的命令会打开表单。',
  'help.sandbox': '可以对沙箱试试这些：',
  'help.what.payorder':
    '按平台单号或商户自定义单号查询支付订单（免费）。{watch} 在频道里关注该订单直到状态确定；{watches} 列出频道里关注的订单。',
  'help.what.shoporders': '店铺已售订单，分页显示。',
  'help.what.qr': '账号的二维码登录码，附带实时状态消息。',
  'help.what.account': '账号数据分析：7 日统计、粉丝、分布。',
  'help.what.coupons': '通过渠道 ID 领取的外卖优惠券；超过 7 天的时间窗口会被拆分。',
  'help.what.punishments': '已授权用户的推广处罚单。',
  'help.what.spend': '本工作区消耗的积分，按操作、用户和天统计。',
  'help.what.querydesk': '本帮助、网关状态、设置、你的语言，以及网关调用审计（管理员）。',
  'help.usage': '用法：/querydesk {usage}',
  'help.unknownSub': '未知的 /querydesk 子命令“{typed}”。',
  'help.status.title': 'querydesk 状态',
  'help.status.gateway': '网关',
  'help.status.embeddedSandbox': '内置沙箱',
  'help.status.reachable': '可访问',
  'help.status.notReachable': '无法访问',
  'help.status.store': '存储',
  'help.status.ready': '就绪',
  'help.status.slackMode': 'Slack 连接方式',
  'help.status.rateBudget': '网关调用频率额度',
  'help.status.alone': '仅本副本（未使用 Redis），每个操作每秒 10 次请求',
  'help.status.degraded':
    'Redis 无法访问：本副本限制为每个操作每秒 {limit} 次请求（10 / {replicas} 个副本）',
  'help.status.shared': '所有副本通过 Redis 共享，每个操作每秒 10 次请求',
  'help.status.liveQr': '正在关注的二维码',
  'help.status.queues': '各操作的队列',
  'help.status.queue':
    '{queued} 个等待中（{interactive} 个来自用户，{background} 个后台）· {running} 个进行中',
  'help.status.text': '网关（{gateway}）{reachable}；存储{store}。',
  'help.status.storeNotReady': '未就绪',
} as const satisfies Record<keyof typeof enHelp, string>;
