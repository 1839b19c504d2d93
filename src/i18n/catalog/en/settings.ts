/** English messages: settings. Keys start with the area's own prefix; see ../en.ts. */
export const enSettings = {
  'config.language.label': 'Language',
  'config.language.en': 'English',
  'config.language.zhCN': '简体中文',
  'config.language.hint':
    'What querydesk posts into channels (shared cards, QR status, watches, exports, summaries) is in this language. Each person’s own answers follow their Slack language.',
  'config.title': 'querydesk settings',
  'config.save': 'Save',
  'config.cancel': 'Cancel',
  'config.paidIn.label': 'Paid commands allowed in',
  'config.paidIn.hint':
    'Channels where paid look-ups (and payment-order look-ups) may run. Empty: anywhere.',
  'config.paidFor.label': 'Paid commands allowed for',
  'config.paidFor.hint':
    'People who may run paid look-ups (and payment-order look-ups). Empty: everyone.',
  'config.token.label': 'Gateway token',
  'config.token.hintSet':
    'set · last 4: {last4}. Enter a new one to replace it; leave empty to keep it.',
  'config.token.hintNotSet':
    'not set. This workspace’s gateway access token; it is stored encrypted and never shown again.',
  'config.token.set': 'set · last 4: {last4}',
  'config.token.notSet': 'not set',
  'config.summary.label': 'Summary channel',
  'config.summary.hint':
    'Daily spend summary and the 80 % budget warning go here. Invite @querydesk to it.',
  'config.budget.label': 'Daily budget (points)',
  'config.budget.hint':
    'Paid look-ups stop once today’s spend reaches it; payment-order look-ups stay free. Empty: the default.',
  'config.defaults': 'Defaults from the environment: budget {budget}, summary channel {channel}.',
  'config.defaults.unlimited': 'unlimited',
  'config.defaults.points': '{points} points',
  'config.defaults.none': 'none',
  'config.adminsOnly': 'Only workspace admins can change querydesk settings.',
  'config.adminsOnlyLong': ':lock: Only workspace admins and owners can change querydesk settings.',
  'config.notSavedNotAdmin':
    'Your querydesk settings were not saved: only workspace admins and owners can change them.',
  'config.notSaved':
    'Your querydesk settings could not be saved (the database did not answer). Nothing changed; try /querydesk config again in a moment.',
  'config.savedWith': 'Settings saved. {verdict}',
  'config.token.works':
    'The gateway accepted the new gateway token (checked with one free payment-order call).',
  'config.token.rejected':
    'The gateway rejected the new gateway token (identity credential invalid). Paid look-ups will fail until an admin enters a valid one in /querydesk config.',
  'config.token.unknown':
    'The new gateway token is saved, but the gateway could not be reached to check it; try a look-up in a moment.',
  'language.set': 'querydesk now answers you in English.',
  'language.auto': 'querydesk now follows your Slack language ({language}).',
  'language.usage': 'Usage: `/querydesk language zh-CN|en|auto`',
  'language.unknown': '“{typed}” is not a language querydesk speaks.',
  'config.token.none.title': 'No gateway token yet',
  'config.token.none.detail':
    'This workspace has no gateway access token yet, so nothing was looked up. A workspace admin can add it with /querydesk config.',
  'config.token.unreadable.title': 'Gateway token unreadable',
  'config.token.unreadable.detail':
    'The gateway token stored for this workspace cannot be read, so nothing was looked up. A workspace admin can set it again with /querydesk config.',
} as const;
