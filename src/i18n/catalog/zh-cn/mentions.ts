import type { enMentions } from '../en/mentions.js';

/** 简体中文：通过提及或私信发起的查询。 */
export const zhCNMentions = {
  'mention.offer.priced':
    '*{lookup}*：`{request}` 需 {points} 积分（本工作区最近一次的价格{calls, plural, =1 {} other {，共 # 次网关调用}}）。',
  'mention.offer.unpriced': '*{lookup}*：`{request}`：价格未知。',
  'mention.offer.who': '在本频道可以花费积分的人都可以点击查询；只会查询一次。',
  'mention.offer.button': '查询（{points} 积分）',
  'mention.offer.buttonUnpriced': '查询（价格未知）',
  'mention.usage':
    '像斜杠命令那样提问，但不带斜杠，例如 `{payorder}` 或 `{shoporders}`（还有 account、coupons、punishments）。或者直接给出数字：两个或更多查询支付订单（免费），一个查询店铺订单。',
  'mention.what.message': '消息',
} as const satisfies Record<keyof typeof enMentions, string>;
