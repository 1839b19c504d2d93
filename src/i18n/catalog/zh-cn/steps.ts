import type { enSteps } from '../en/steps.js';

/** Simplified Chinese messages: steps. Same keys and placeholders as English. */
export const zhCNSteps = {
  'steps.error.invalidInput': '输入无效：{problem}。未进行任何查询，也未扣积分。',
  'steps.error.refused': '{title}：{detail}',
  'steps.error.gateway': '{meaning}{code}。处理方法：{remedy} 请求 ID {requestId}。{cost}',
  'steps.error.gatewayCode': '（网关代码 {code}）',
  'steps.error.cost': '本次查询花费 {points} 积分。',
  'steps.error.unknown': 'querydesk 未能完成此步骤。已记录日志；请稍后重新运行工作流。',
  'steps.error.noDatabase':
    'querydesk 无法连接其数据库，因此未进行任何查询，也未扣积分。请稍后重新运行工作流。',
  'steps.input.required': '{name}：此项必填',
  'steps.input.mustBe': '{name}：必须是{what}',
  'steps.input.userId': 'Slack 用户 ID（U…）',
  'steps.input.channelId': 'Slack 频道 ID（C…）',
} as const satisfies Record<keyof typeof enSteps, string>;
