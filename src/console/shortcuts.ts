/** A message shortcut the app declares in manifest.yml: what every message's ⋯ menu offers. */
export interface MessageShortcut {
  callbackId: string;
  /** As the manifest names it; Slack shows an app's own shortcut names untranslated. */
  name: string;
}

export const CONSOLE_MESSAGE_SHORTCUTS: readonly MessageShortcut[] = [
  { callbackId: 'lookup_message', name: 'Look up in querydesk' },
];
