import type { enSettings } from '../en/settings.js';

/** Simplified Chinese messages: settings. Same keys and placeholders as English. */
export const zhCNSettings = {
  'config.language.label': '语言',
  'config.language.en': 'English',
  'config.language.zhCN': '简体中文',
  'config.language.hint':
    'querydesk 发到频道的内容（分享的卡片、二维码状态、订单关注、导出、每日汇总）使用此语言。每个人自己看到的回复跟随各自的 Slack 语言。',
  'config.title': 'querydesk 设置',
  'config.save': '保存',
  'config.cancel': '取消',
  'config.paidIn.label': '允许使用付费命令的频道',
  'config.paidIn.hint': '可以运行付费查询（以及支付订单查询）的频道。留空：不限。',
  'config.paidFor.label': '允许使用付费命令的成员',
  'config.paidFor.hint': '可以运行付费查询（以及支付订单查询）的成员。留空：所有人。',
  'config.token.label': '网关令牌',
  'config.token.hintSet': '已设置 · 末 4 位：{last4}。输入新令牌以替换；留空则保留。',
  'config.token.hintNotSet': '未设置。此工作区的网关访问令牌；加密保存，之后不再显示。',
  'config.token.set': '已设置 · 末 4 位：{last4}',
  'config.token.notSet': '未设置',
  'config.summary.label': '汇总频道',
  'config.summary.hint': '每日积分消耗汇总和 80% 预算提醒发到这里。请把 @querydesk 邀请进该频道。',
  'config.budget.label': '每日预算（积分）',
  'config.budget.hint':
    '今天的消耗达到该值后付费查询停止；支付订单查询仍然免费。留空：使用默认值。',
  'config.defaults': '环境默认值：预算 {budget}，汇总频道 {channel}。',
  'config.defaults.unlimited': '不限额',
  'config.defaults.points': '{points} 积分',
  'config.defaults.none': '无',
  'config.adminsOnly': '只有工作区管理员可以修改 querydesk 设置。',
  'config.adminsOnlyLong': ':lock: 只有工作区管理员和所有者可以修改 querydesk 设置。',
  'config.notSavedNotAdmin': '你的 querydesk 设置未保存：只有工作区管理员和所有者可以修改。',
  'config.notSaved':
    '你的 querydesk 设置未能保存（数据库没有响应）。没有任何更改；请稍后再用 /querydesk config 试一次。',
  'config.savedWith': '设置已保存。{verdict}',
  'config.token.works': '网关接受了新的网关令牌（已用一次免费的支付订单查询检查）。',
  'config.token.rejected':
    '网关拒绝了新的网关令牌（身份凭证无效）。在管理员通过 /querydesk config 填入有效令牌之前，付费查询都会失败。',
  'config.token.unknown': '新的网关令牌已保存，但无法连接网关进行检查；请稍后试一次查询。',
  'language.set': 'querydesk 今后用简体中文回复你。',
  'language.auto': 'querydesk 今后跟随你的 Slack 语言（{language}）。',
  'language.usage': '用法：`/querydesk language zh-CN|en|auto`',
  'language.unknown': '“{typed}”不是 querydesk 支持的语言。',
  'config.token.none.title': '尚未设置网关令牌',
  'config.token.none.detail':
    '此工作区还没有网关访问令牌，因此没有进行查询。工作区管理员可以用 /querydesk config 添加。',
  'config.token.unreadable.title': '网关令牌无法读取',
  'config.token.unreadable.detail':
    '此工作区保存的网关令牌无法读取，因此没有进行查询。工作区管理员可以用 /querydesk config 重新设置。',
} as const satisfies Record<keyof typeof enSettings, string>;
