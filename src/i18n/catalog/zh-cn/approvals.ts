import type { enApprovals } from '../en/approvals.js';

/** 简体中文：高成本操作的审批。 */
export const zhCNApprovals = {
  'approvals.config.above.label': '超过此积分需审批',
  'approvals.config.above.hint':
    '最多可能花费超过此积分（或尚不知道价格）的导出或订阅，需先经审批人同意。留空：从不需要。',
  'approvals.config.above.invalid': '请输入积分整数（0 或以上），或留空。',
  'approvals.config.approvers.label': '审批人',
  'approvals.config.approvers.hint':
    '谁来审批高成本操作。留空：工作区的管理员和所有者。任何人都不能审批自己的请求。',
  'approvals.estimate.unknown': '尚不知道（本工作区还没有这个价格）',
  'approvals.preview.needed':
    ':raised_hand: *需要审批*：最多可能花费 {estimate}；本工作区超过 {above, plural, other {# 积分}}需审批。',
  'approvals.preview.ask': '审批人会收到私信；在有人同意之前不会调用任何接口。',
  'approvals.preview.nobody':
    ':no_entry: 除你之外没有人可以审批。管理员可以在 `/querydesk config`（“审批人”）中指定审批人。',
  'approvals.button.ask': '申请审批',
  'approvals.button.approve': '同意',
  'approvals.button.deny': '拒绝',
  'approvals.button.withdraw': '撤回',
  'approvals.what.export': '一次导出：{title}',
  'approvals.what.subscription': '一个订阅：{what}，每 {every}',
  'approvals.dm.ask': '{asker} 请你审批{what}，频道 {channel}。',
  'approvals.dm.estimate': '最多可能花费：{estimate}。今日剩余预算：{left}。',
  'approvals.dm.noBudget': '没有每日预算',
  'approvals.dm.expires': '若无人决定，将于 {at}（{timeZone}）过期。',
  'approvals.dm.text': '{asker} 请你审批{what}。',
  'approvals.asked':
    ':hourglass_flowing_sand: 已发给 {approvers} 审批。在有人同意之前不会调用任何接口。',
  'approvals.decided.approved': ':white_check_mark: {who} 已同意，已开始。',
  'approvals.decided.refused': ':warning: {who} 已同意，但未能开始：{reason}',
  'approvals.decided.denied': ':x: {who} 已拒绝。',
  'approvals.decided.withdrawn': ':leftwards_arrow_with_hook: {who} 已撤回请求。',
  'approvals.decided.expired': ':hourglass: 已过期：无人及时决定，什么也没有开始。',
  'approvals.asker.approved': ':white_check_mark: {who} 已同意{what}，已开始。',
  'approvals.asker.refused': ':warning: {who} 已同意{what}，但未能开始：{reason}',
  'approvals.asker.denied': ':x: {who} 已拒绝{what}，什么也没有开始。',
  'approvals.asker.withdrawn': '你已撤回{what}的请求，什么也没有开始。',
  'approvals.asker.expired':
    ':hourglass: 你对{what}的请求已过期：无人及时决定，什么也没有开始；可再次运行命令重新申请。',
  'approvals.click.needed':
    ':raised_hand: 现在需要审批（其花费高于管理员设置的积分）。什么也没有开始；请再次运行命令申请审批。',
  'approvals.click.own': '你不能审批自己的请求。',
  'approvals.click.notApprover': '只有收到此请求的审批人才能决定。',
  'approvals.click.decided': '已有决定，这次点击没有改变任何事。',
  'approvals.click.expired': '此请求已过期，这次点击没有改变任何事。',
  'approvals.refused.failed': 'querydesk 暂时无法开始，请重新申请。',
  'approvals.auditBy': '由 {who} 批准',
} as const satisfies Record<keyof typeof enApprovals, string>;
