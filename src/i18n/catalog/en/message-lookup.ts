/**
 * English messages: the message shortcut "Look up in querydesk". Keys start with
 * `messageLookup.`; see ../en.ts.
 */
export const enMessageLookup = {
  'messageLookup.title': 'Look up in querydesk',
  'messageLookup.lookup': 'Lookup',
  'messageLookup.option.payorder': 'Payment order (/payorder, free)',
  'messageLookup.option.shoporders': 'Shop orders (/shoporders)',
  'messageLookup.option.account': 'Account data (/account)',
  'messageLookup.option.coupons': 'Coupon claims (/coupons)',
  'messageLookup.option.punishments': 'Punishment orders (/punishments)',
  'messageLookup.found':
    '{n, plural, one {Number found in the message} other {Numbers found in the message}}: {numbers}',
  'messageLookup.none':
    'No numbers were found in this message (a number is 6 to 32 digits). Fill in the form yourself.',
} as const;
