import type { MessageKey } from './en.js';

/**
 * Simplified Chinese. The fixed words (QR and payment states, 积分, 分享到频道) are the ones the
 * contract names; placeholders are the English ones, untranslated.
 */
export const zhCN = {
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
  'config.language.label': '语言',
  'config.language.en': 'English',
  'config.language.zhCN': '简体中文',
  'config.language.hint':
    'querydesk 发到频道的内容（分享的卡片、二维码状态、订单关注、导出、每日汇总）使用此语言。每个人自己看到的回复跟随各自的 Slack 语言。',
  'language.set': 'querydesk 今后用简体中文回复你。',
  'language.auto': 'querydesk 今后跟随你的 Slack 语言（{language}）。',
  'language.usage': '用法：`/querydesk language zh-CN|en|auto`',
  'language.unknown': '“{typed}”不是 querydesk 支持的语言。',
  'gateway.error.title': '{meaning}',
  'gateway.error.remedy': '处理办法：{remedy}',
  'gateway.api.param.meaning': '请求参数错误',
  'gateway.api.param.remedy': '请检查请求参数',
  'gateway.api.timeout.meaning': '网关请求超时',
  'gateway.api.timeout.remedy': '请重试；如仍超时，请检查网络或联系客服',
  'gateway.api.account-missing.meaning': '该即时通讯账号不存在',
  'gateway.api.account-missing.remedy': '请检查输入的账号',
  'gateway.api.system.meaning': '网关系统错误',
  'gateway.api.system.remedy': '请检查网关地址（GATEWAY_BASE_URL）；地址无误请联系客服',
  'gateway.api.system-busy.meaning': '网关系统错误，请稍后再试',
  'gateway.api.system-busy.remedy': '请稍后重试，或联系对接群',
  'gateway.api.unsupported.meaning': '网关暂不支持此操作',
  'gateway.api.unsupported.remedy': '暂无办法：网关目前不提供此操作',
  'gateway.api.no-permission.meaning': '没有此操作的权限',
  'gateway.api.no-permission.remedy': '请到网关官网开通该操作的权限',
  'gateway.api.quota.meaning': '网关账号的接口调用次数不足',
  'gateway.api.quota.remedy': '请到网关官网充值调用次数',
  'gateway.api.unauthorized-shop.meaning': '店铺（或终端用户）未授权此账号',
  'gateway.api.unauthorized-shop.remedy': '请通过返回的链接扫码授权，然后重新执行命令',
  'gateway.api.credential.meaning': '网关访问令牌缺失或无效',
  'gateway.api.credential.remedy':
    '需由管理员设置有效的网关令牌（GATEWAY_TOKEN，或 /querydesk config）',
  'gateway.api.not-found.meaning': '网关请求路径或方法错误',
  'gateway.api.not-found.remedy': '请检查 GATEWAY_BASE_URL；querydesk 可能需要更新以适配此网关',
  'gateway.api.unknown.meaning': '网关返回了文档未列出的结果码',
  'gateway.api.unknown.remedy': '请稍后重试；如仍出现，请带上请求 ID 联系客服',
  'gateway.transport.timeout.meaning': '网关未能及时应答',
  'gateway.transport.timeout.remedy': '请稍后再试；如仍如此，请检查网关状态',
  'gateway.transport.connection.meaning': '无法连接网关',
  'gateway.transport.connection.remedy': '请检查 GATEWAY_BASE_URL 和网络，然后重试',
  'gateway.transport.http.meaning': '网关返回了 HTTP 错误',
  'gateway.transport.http.remedy': '请稍后重试；如仍出现，请带上请求 ID 联系客服',
  'gateway.transport.rate-limited.meaning': '网关正在对此操作限流',
  'gateway.transport.rate-limited.remedy': '请等几秒后重试',
  'gateway.transport.too-large.meaning':
    '网关返回的应答超过 querydesk 读取的上限（5 MB），已被截断',
  'gateway.transport.too-large.remedy':
    '请缩小每页条数（size=）后重试；如仍出现，请带上请求 ID 反馈',
  'gateway.transport.bad-response.meaning': '网关返回的应答 querydesk 无法读取',
  'gateway.transport.bad-response.remedy': '请稍后重试；如仍出现，请带上请求 ID 反馈',
  'gateway.input.remedy': '请更正输入后重试',
  'gateway.busy.meaning': '{operation} 的排队请求太多（{queued} 个），此请求约需等待 {wait}',
  'gateway.busy.remedy': '请几分钟后再试',
  'duration.seconds': '{n} 秒',
  'duration.minutes': '{n} 分钟',
} as const satisfies Record<MessageKey, string>;

// The reverse direction: a key only Chinese has is a compile error too.
type ExtraKeys = Exclude<keyof typeof zhCN, MessageKey>;
export const noExtraKeys: [ExtraKeys] extends [never] ? true : never = true;
