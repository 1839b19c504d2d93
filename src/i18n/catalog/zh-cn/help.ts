import type { enHelp } from '../en/help.js';

/** Simplified Chinese messages: help. Same keys and placeholders as English. */
export const zhCNHelp = {
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
