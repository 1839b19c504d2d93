import type { enMessageLookup } from '../en/message-lookup.js';

/** Simplified Chinese messages: the message shortcut. Same keys and placeholders as English. */
export const zhCNMessageLookup = {
  'messageLookup.title': '在 querydesk 中查询',
  'messageLookup.lookup': '查询',
  'messageLookup.option.payorder': '支付订单（/payorder，免费）',
  'messageLookup.option.shoporders': '店铺订单（/shoporders）',
  'messageLookup.option.account': '账号数据（/account）',
  'messageLookup.option.coupons': '优惠券领取（/coupons）',
  'messageLookup.option.punishments': '处罚订单（/punishments）',
  'messageLookup.found': '消息中找到 {n, plural, other {# 个数字}}：{numbers}',
  'messageLookup.none': '这条消息中没有找到数字（数字为 6 到 32 位）。请自行填写表单。',
} as const satisfies Record<keyof typeof enMessageLookup, string>;
