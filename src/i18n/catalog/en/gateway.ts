/** English messages: gateway. Keys start with the area's own prefix; see ../en.ts. */
export const enGateway = {
  'gateway.api.param.meaning': 'Request parameter error',
  'gateway.api.param.remedy': 'Check the request parameters',
  'gateway.api.timeout.meaning': 'Request timed out at the gateway',
  'gateway.api.timeout.remedy':
    'Retry; if it persists, check the network or contact customer service',
  'gateway.api.account-missing.meaning': 'The instant-messaging account does not exist',
  'gateway.api.account-missing.remedy': 'Check the account you entered',
  'gateway.api.system.meaning': 'Gateway system error',
  'gateway.api.system.remedy':
    'Check the gateway address (GATEWAY_BASE_URL); otherwise contact customer service',
  'gateway.api.system-busy.meaning': 'Gateway system error, try later',
  'gateway.api.system-busy.remedy': 'Retry later or contact the integration group',
  'gateway.api.unsupported.meaning': 'This operation is currently not supported by the gateway',
  'gateway.api.unsupported.remedy': 'None: the gateway does not offer it at the moment',
  'gateway.api.no-permission.meaning': 'No permission for this operation',
  'gateway.api.no-permission.remedy':
    "Open the operation's permission on the gateway's official site",
  'gateway.api.quota.meaning': 'Not enough API call count left on the gateway account',
  'gateway.api.quota.remedy': "Top up the call count on the gateway's site",
  'gateway.api.unauthorized-shop.meaning': 'The shop (or end user) has not authorized this account',
  'gateway.api.unauthorized-shop.remedy':
    'Scan-authorize through the returned link, then run the command again',
  'gateway.api.credential.meaning': 'The gateway access token is missing or invalid',
  'gateway.api.credential.remedy':
    'An admin must set a valid gateway token (GATEWAY_TOKEN, or /querydesk config)',
  'gateway.api.not-found.meaning': 'Gateway request path or method wrong',
  'gateway.api.not-found.remedy':
    'Check GATEWAY_BASE_URL; querydesk may need an update for this gateway',
  'gateway.api.unknown.meaning': 'The gateway returned an undocumented result code',
  'gateway.api.unknown.remedy':
    'Retry later; if it persists, contact customer service with the request id',
  'gateway.transport.timeout.meaning': 'The gateway did not answer in time',
  'gateway.transport.timeout.remedy':
    'Try again in a moment; if it persists, check the gateway status',
  'gateway.transport.connection.meaning': 'Could not connect to the gateway',
  'gateway.transport.connection.remedy': 'Check GATEWAY_BASE_URL and the network, then try again',
  'gateway.transport.http.meaning': 'The gateway answered with an HTTP error',
  'gateway.transport.http.remedy':
    'Try again later; if it persists, contact customer service with the request id',
  'gateway.transport.rate-limited.meaning': 'The gateway is rate limiting this operation',
  'gateway.transport.rate-limited.remedy': 'Wait a few seconds and try again',
  'gateway.transport.too-large.meaning':
    'The gateway sent an answer larger than querydesk reads (5 MB); it was cut off',
  'gateway.transport.too-large.remedy':
    'Ask for a smaller page (size=) and try again; if it persists, report it with the request id',
  'gateway.transport.bad-response.meaning': 'The gateway sent an answer querydesk cannot read',
  'gateway.transport.bad-response.remedy':
    'Try again later; if it persists, report it with the request id',
  'gateway.input.remedy': 'Correct the input and try again',
  'gateway.busy.meaning':
    'So many {operation} requests are waiting ({queued} queued) that this one would wait about {wait}',
  'gateway.busy.remedy': 'Try again in a few minutes',
} as const;
