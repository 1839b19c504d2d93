import type { enAudit } from '../en/audit.js';

/** Simplified Chinese messages: audit. Same keys and placeholders as English. */
export const zhCNAudit = {
  'audit.range.today': '最近 24 小时',
  'audit.range.7d': '最近 7 天',
  'audit.range.30d': '最近 30 天',
  'audit.title': '网关调用，{range}：{total}',
  'audit.titleBy': '{user} 的网关调用，{range}：{total}',
  'audit.chargeUnknown': '扣费未知（未确认）',
  'audit.points': '{points} 积分',
  'audit.pointsSettled': '{points} 积分（稍后结算）',
  'audit.code': '代码 {code}',
  'audit.none': '此时间范围内没有网关调用。',
  'audit.export.sent': '审计 CSV 已发到你与 querydesk 的私信中。',
  'audit.export.failed': '审计 CSV 未能上传，请稍后再试。',
  'audit.footer': '显示最近 {shown} 条；时间按 {timeZone}。手机号和收件人字段已打码。',
  'audit.exportCsv': '导出 CSV',
  'audit.adminsOnly': ':lock: 只有工作区管理员和所有者可以查看 querydesk 审计记录。',
  'audit.csvTitle': 'querydesk 审计，{range}（{n, plural, other {# 次调用}}）',
  'audit.usage': '用法：/querydesk {usage}',
} as const satisfies Record<keyof typeof enAudit, string>;
