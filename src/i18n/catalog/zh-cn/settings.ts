import type { enSettings } from '../en/settings.js';

/** Simplified Chinese messages: settings. Same keys and placeholders as English. */
export const zhCNSettings = {
  'config.language.label': '语言',
  'config.language.en': 'English',
  'config.language.zhCN': '简体中文',
  'config.language.hint':
    'querydesk 发到频道的内容（分享的卡片、二维码状态、订单关注、导出、每日汇总）使用此语言。每个人自己看到的回复跟随各自的 Slack 语言。',
  'language.set': 'querydesk 今后用简体中文回复你。',
  'language.auto': 'querydesk 今后跟随你的 Slack 语言（{language}）。',
  'language.usage': '用法：`/querydesk language zh-CN|en|auto`',
  'language.unknown': '“{typed}”不是 querydesk 支持的语言。',
} as const satisfies Record<keyof typeof enSettings, string>;
