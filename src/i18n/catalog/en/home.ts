/** English messages: home. Keys start with the area's own prefix; see ../en.ts. */
export const enHome = {
  'home.header': 'querydesk: points and queries',
  'home.daysIn': 'Days are counted in {timeZone}. Use `/spend 30d` for more.',
  'home.today': 'Today: {total}',
  'home.noCallsToday': 'No calls today.',
  'home.todayBudget': "Today's budget",
  'home.last7Days': 'Last 7 days: {total}',
  'home.noCalls': 'No calls.',
  'home.byDay': 'By day',
  'home.recent': 'Your last 10 queries',
  'home.noRecent': 'You have made no queries yet.',
  'home.liveQr': 'Your live QR sessions',
  'home.noLiveQr': 'None of your QR codes is being watched.',
  'home.watches': 'Your order watches',
  'home.noWatches': 'You watch no payment order.',
  'home.refunded': '{points} refunded',
  'home.chargeUnknown': 'charge unknown ({points} held)',
  'home.since': 'since {since}',
  'home.qrState': 'state {state}',
  'home.sandbox':
    'sandbox data: the embedded sandbox gateway answered; its points are simulated, no real account was charged',
} as const;
