/** English messages: subscriptions. Keys start with the area's own prefix; see ../en.ts. */
export const enSubscriptions = {
  'subscriptions.what': 'New shop orders of {owner}',
  'subscriptions.what.filtered': 'New shop orders of {owner} ({filters})',
  'subscriptions.filter.remark': 'remark "{remark}"',
  'subscriptions.filter.tag': 'tag {tag}',
  'subscriptions.filter.separator': ', ',
  'subscriptions.every.hours': '{n} h',
  'subscriptions.every.minutes': '{n} min',
  'subscriptions.every.seconds': '{n} s',
  'subscriptions.refusal.everyFormat': 'must be a whole number with s, m or h (e.g. 15m)',
  'subscriptions.refusal.everyMax': 'must be at most 24h',
  'subscriptions.refusal.everyMin': 'must be at least {min} (SUBSCRIPTION_MIN_INTERVAL_MS)',
  'subscriptions.refusal.enhancedOnly':
    'subscriptions use the enhanced edition only (the one whose listing filters by time)',
  'subscriptions.perDay.unknown': 'points a day: not known yet, shown after the first poll',
  'subscriptions.perDay.atLeast': 'at least {points} points a day',
  'subscriptions.preview.title': '*Subscribe this channel to {what}?*',
  'subscriptions.preview.perDay':
    '{polls} polls a day (every {every}), {perDay} (one page per poll; more when a poll finds over 100 orders).',
  'subscriptions.preview.priceUnknown':
    'Price of one poll (operation 7): not known yet, shown after the first poll.',
  'subscriptions.preview.priceKnown':
    'Price of one poll (operation 7), last charged here: {price} points per page.',
  'subscriptions.preview.noBudget': 'This workspace has no daily budget.',
  'subscriptions.preview.budget':
    'Daily budget: {budget} points. A poll that does not fit waits for the next budget day.',
  'subscriptions.preview.nothingYet':
    'Nothing has been called yet. Orders confirmed before you subscribe are not posted.',
  'subscriptions.preview.tooMany.title': 'Too many open previews',
  'subscriptions.preview.tooMany.detail':
    'You have {max} subscription previews open in this workspace. Subscribe or Cancel on one of them first; a preview left alone is dropped after a day.',
  'subscriptions.button.subscribe': 'Subscribe',
  'subscriptions.button.cancel': 'Cancel',
  'subscriptions.button.unsubscribe': 'Unsubscribe',
  'subscriptions.button.authorize': 'Authorize',
  'subscriptions.someone': 'someone',
  'subscriptions.head':
    '*{what}*, subscribed by {who}: polled every {every} ({polls} polls a day, {perDay}).',
  'subscriptions.ended.unsubscribed': 'unsubscribed by {who}',
  'subscriptions.ended.uninstalled': 'the app was removed from this workspace',
  'subscriptions.ended.left_channel': 'querydesk left this channel',
  'subscriptions.ended.archived': 'this channel was archived',
  'subscriptions.ended.other': 'ended',
  'subscriptions.status.ended':
    'Ended: {why}. {polls} polls, {points} points, {orders} orders posted.',
  'subscriptions.status.paused':
    "Paused by the daily budget: the next poll would take today's points past it. Resumes by itself at {at} ({zone}), when the budget's day turns.",
  'subscriptions.status.problem':
    'The last polls failed: {problem} Polling goes on, less often, until it works again.',
  'subscriptions.status.polling':
    'Polling: {polls} polls so far, {points} points, {orders} orders posted.',
  'subscriptions.noLongerPolls': 'This subscription no longer polls.',
  'subscriptions.list.none': 'This channel has no subscription. Start one with {command}.',
  'subscriptions.list.title':
    '{n, plural, one {# subscription} other {# subscriptions}} in this channel',
  'subscriptions.list.row':
    '{what} every {every}, by {who}: {polls} polls, {points} points so far{paused}.',
  'subscriptions.list.paused': ', paused by the budget',
  'subscriptions.order.goodsSpec': '{name} ({spec})',
  'subscriptions.order.line': '{sn} {goods}, {amount}, confirmed {at}',
  'subscriptions.order.linePlace': '{sn} {goods}, {amount}, confirmed {at}, {place}',
  'subscriptions.order.new': 'New order: {line}',
  'subscriptions.batch.text': '{orders} of {owner}',
  'subscriptions.batch.firstShown': 'The first {n} by confirmation time; ',
  'subscriptions.batch.allInCsv': '{first}all {total} are in the CSV in this thread. {what}',
  'subscriptions.problem.gateway': '{meaning}{code}. What to do: {remedy}.',
  'subscriptions.problem.code': ' (code {code})',
  'subscriptions.problem.internal':
    'querydesk could not finish its polls (logged). It keeps trying; if this stays, ask whoever runs querydesk.',
  'subscriptions.cannotPost':
    'I cannot post in this channel: invite me with /invite @querydesk and subscribe again. Nothing was called.',
  'subscriptions.subscribed': 'Subscribed: the subscription message is in the channel.',
  'subscriptions.alreadyEnded': 'This subscription has already ended.',
  'subscriptions.unsubscribed': 'Unsubscribed: nothing more is polled for it.',
  'subscriptions.dismissed': 'Not subscribed; nothing was called.',
} as const;
