/** English messages: help. Keys start with the area's own prefix; see ../en.ts. */
export const enHelp = {
  'help.title': 'querydesk commands',
  'help.text': 'querydesk commands: {names}',
  'help.options':
    'Options are `key=value`; quote values with spaces. Dates are `YYYY-MM-DD`. Page numbers start at 1. A command with no arguments opens a form.',
  'help.sandbox': 'Try these against the sandbox:',
  'help.what.payorder':
    "Payment order by platform or merchant-defined number (free). {watch} watches it in the channel until it is final; {watches} lists the channel's watches.",
  'help.what.shoporders': "A shop's sold orders, paged.",
  'help.what.qr': 'QR login code for an account, with a live status message.',
  'help.what.account': 'Account analytics: 7-day stats, fans, distributions.',
  'help.what.coupons':
    'Delivery coupons claimed through a channel id; windows over 7 days are split.',
  'help.what.punishments': 'Affiliate punishment orders of an authorized user.',
  'help.what.spend': 'Points this workspace spent, by operation, user and day.',
  'help.what.querydesk':
    'This help, gateway status, settings, your language and the audit of gateway calls (admins).',
  'help.usage': 'Usage: /querydesk {usage}',
  'help.unknownSub': 'Unknown /querydesk subcommand "{typed}".',
  'help.status.title': 'querydesk status',
  'help.status.gateway': 'Gateway',
  'help.status.embeddedSandbox': 'embedded sandbox',
  'help.status.reachable': 'reachable',
  'help.status.notReachable': 'not reachable',
  'help.status.store': 'Store',
  'help.status.ready': 'ready',
  'help.status.slackMode': 'Slack mode',
  'help.status.rateBudget': 'Gateway rate budget',
  'help.status.alone': 'this replica alone (no Redis), 10 requests/s per operation',
  'help.status.degraded':
    'Redis unreachable: this replica keeps to {limit} requests/s per operation (10 / {replicas} replicas)',
  'help.status.shared': 'shared by every replica through Redis, 10 requests/s per operation',
  'help.status.liveQr': 'Live QR sessions',
  'help.status.queues': 'Queues per operation',
  'help.status.queue':
    '{queued} waiting ({interactive} people, {background} background) · {running} running',
  'help.status.text': 'Gateway ({gateway}) {reachable}; store {store}.',
  'help.status.storeNotReady': 'not ready',
} as const;
