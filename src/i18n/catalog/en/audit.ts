/** English messages: audit. Keys start with the area's own prefix; see ../en.ts. */
export const enAudit = {
  'audit.range.today': 'last 24 hours',
  'audit.range.7d': 'last 7 days',
  'audit.range.30d': 'last 30 days',
  'audit.title': 'Gateway calls, {range}: {total}',
  'audit.titleBy': 'Gateway calls by {user}, {range}: {total}',
  'audit.chargeUnknown': 'charge unknown (unconfirmed)',
  'audit.points': '{points} pt',
  'audit.pointsSettled': '{points} pt (settled later)',
  'audit.code': 'code {code}',
  'audit.none': 'No gateway calls in this range.',
  'audit.export.sent': 'The audit CSV is in your direct messages with querydesk.',
  'audit.export.failed': 'The audit CSV could not be uploaded. Try again in a moment.',
  'audit.footer':
    'Latest {shown} shown; times in {timeZone}. Phone numbers and receiver fields are masked.',
  'audit.exportCsv': 'Export CSV',
  'audit.adminsOnly': ':lock: Only workspace admins and owners can read the querydesk audit.',
  'audit.csvTitle': 'querydesk audit, {range} ({n, plural, one {# call} other {# calls}})',
  'audit.usage': 'Usage: /querydesk {usage}',
} as const;
