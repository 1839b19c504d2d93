/** English messages: watches. Keys start with the area's own prefix; see ../en.ts. */
export const enWatches = {
  'watches.someone': 'someone',
  'watches.duration.h': '{n} h',
  'watches.duration.min': '{n} min',
  'watches.duration.s': '{n} s',
  'watches.duration.ms': '{n} ms',
  'watches.line.watching':
    ':eyes: Watched for {who}: checked every {every} until {until}; changes are posted in the thread.',
  'watches.line.final':
    ':white_check_mark: Watch ended: the order is final and cannot change any more.',
  'watches.line.timedOut': ':hourglass: Watch ended: no final state within {timeout}.',
  'watches.line.stopped': ':octagonal_sign: Watch ended: stopped by {who}.',
  'watches.button.stop': 'Stop watching',
  'watches.text.watching': '{card} (watching)',
  'watches.text.ended': '{card} (watch ended)',
  'watches.event.paid': 'Paid at {time}',
  'watches.event.paidNoTime': 'Paid (the gateway gave no payment time)',
  'watches.event.calledBack': 'Merchant called back at {time}',
  'watches.event.calledBackAfterAlert':
    'Merchant called back at {time}, after the alert: the callback has arrived.',
  'watches.event.refunded': 'Refunded (seen at {time})',
  'watches.event.cancelled': 'Cancelled (seen at {time})',
  'watches.event.status': 'Status is now {status} (seen at {time})',
  'watches.event.notCalledBack':
    ":rotating_light: {who} paid at {paidAt} and still not called back after {after}: the merchant's callback has not arrived.",
  'watches.list.notChecked': 'not checked yet',
  'watches.list.calledBack': '{status}, called back',
  'watches.list.notCalledBack': '{status}, not called back yet',
  'watches.list.line': '• `{order}` at `{merchant}`: {state} (watched since {since})',
  'watches.list.none': 'No payment order is being watched in {where}. Start one with {usage}.',
  'watches.list.title':
    '{n, plural, one {# payment order} other {# payment orders}} watched in {where}',
  'watches.list.thisChannel': 'this channel',
  'watches.ended': 'This watch has already ended.',
  'watches.error.cannotPostTitle': 'I cannot post in this channel',
  'watches.error.cannotPostDetail':
    'A watch posts its card and its changes in the channel. Invite me with `/invite @querydesk` and run the command again.',
  'watches.usage': 'Usage: {usage}',
} as const;
