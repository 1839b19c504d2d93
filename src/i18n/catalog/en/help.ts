/** English messages: help. Keys start with the area's own prefix; see ../en.ts. */
export const enHelp = {
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
