import type { enSteps } from '../en/steps.js';

/** Simplified Chinese messages: steps. Same keys and placeholders as English. */
export const zhCNSteps = {
  'steps.error.invalidInput': '输入无效：{problem}。未进行任何查询，也未扣积分。',
  'steps.error.refused': '{title}：{detail}',
  'steps.error.gateway': '{meaning}{code}。处理方法：{remedy} 请求 ID {requestId}。{cost}',
  'steps.error.gatewayCode': '（网关代码 {code}）',
  'steps.error.cost': '本次查询花费 {points} 积分。',
  'steps.error.unknown': 'querydesk 未能完成此步骤。已记录日志；请稍后重新运行工作流。',
  'steps.error.interrupted':
    'querydesk 在运行此步骤时重启，步骤未完成。重新运行工作流前请先查看花费：查询可能已扣积分。',
  'steps.error.noDatabase':
    'querydesk 无法连接其数据库，因此未进行任何查询，也未扣积分。请稍后重新运行工作流。',
  'steps.input.required': '{name}：此项必填',
  'steps.input.mustBe': '{name}：必须是{what}',
  'steps.input.problem': '{name}：{problem}',
  'steps.input.unsafe':
    '{name}：第 {position} 个字符处含有不可见的{kind, select, control {控制字符} direction {方向控制符} other {残缺字符}}（{code}），请去掉后重新输入',
  'steps.input.tooLong': '{name}：长 {length} 个字符；最多只读取 {max} 个',
  'steps.input.userId': 'Slack 用户 ID（U…）',
  'steps.input.channelId': 'Slack 频道 ID（C…）',
} as const satisfies Record<keyof typeof enSteps, string>;
