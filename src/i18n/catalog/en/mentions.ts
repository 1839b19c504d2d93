/** English messages: lookups asked by mention or direct message. Keys start with `mention.`; see ../en.ts. */
export const enMentions = {
  'mention.offer.priced':
    '*{lookup}*: `{request}` costs {points, plural, one {# point} other {# points}} (this workspace’s last price{calls, plural, =1 {} other {, for # gateway calls}}).',
  'mention.offer.unpriced': '*{lookup}*: `{request}`: price not known yet.',
  'mention.offer.who': 'Anyone who may spend in this channel can run it; it runs once.',
  'mention.offer.button': 'Look up ({points, plural, one {# point} other {# points}})',
  'mention.offer.buttonUnpriced': 'Look up (price not known yet)',
  'mention.usage':
    'Ask me like a slash command without its slash, e.g. `{payorder}` or `{shoporders}` (also account, coupons, punishments). Or just give me the numbers: two or more look up a payment order (free), one a shop’s orders.',
  'mention.what.message': 'The message',
} as const;
