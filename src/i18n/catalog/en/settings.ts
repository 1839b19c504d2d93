/** English messages: settings. Keys start with the area's own prefix; see ../en.ts. */
export const enSettings = {
  'config.language.label': 'Language',
  'config.language.en': 'English',
  'config.language.zhCN': '简体中文',
  'config.language.hint':
    'What querydesk posts into channels (shared cards, QR status, watches, exports, summaries) is in this language. Each person’s own answers follow their Slack language.',
  'language.set': 'querydesk now answers you in English.',
  'language.auto': 'querydesk now follows your Slack language ({language}).',
  'language.usage': 'Usage: `/querydesk language zh-CN|en|auto`',
  'language.unknown': '“{typed}” is not a language querydesk speaks.',
} as const;
