import type { Locale } from '../i18n/locales.js';
import type { Translate } from '../i18n/translator.js';
import type { LiveOrderView, QrSessionView } from '../sandbox/index.js';
import type { DoubleState } from '../slack-double/state.js';
import type { DoubleChange, DoubleMessage, DoubleView } from '../slack-double/types.js';

export type { PageFile, PageMessage } from './page-message.js';

import type { ConsoleCommand } from './commands.js';
import { CONSOLE_CHANNEL, CONSOLE_USER } from './local-slack.js';
import { type PageMessage, pageMessages } from './page-message.js';
import { consoleLocale, pageWords } from './page-words.js';
import { CONSOLE_PEOPLE, imIdOf, imOwner } from './people.js';
import { CONSOLE_MESSAGE_SHORTCUTS, type MessageShortcut } from './shortcuts.js';
import { CONSOLE_STEPS, type ConsoleStep, type PageExecution, pageExecutions } from './steps.js';

export interface PageView {
  id: string;
  type: 'modal' | 'home';
  open: boolean;
  view: Record<string, unknown>;
}

export interface PageSnapshot {
  banner: string;
  /** The language the console person reads (their Slack locale), and the page's words in it. */
  locale: Locale;
  words: Record<string, string>;
  /** The person the page acts as now. */
  user: { id: string; name: string };
  /** The console's people, each with their IM with the bot and their Slack language. */
  people: { id: string; name: string; im: string; locale: Locale }[];
  bot: { id: string; name: string };
  /** Message shortcuts in every message's ⋯ menu. */
  shortcuts: readonly MessageShortcut[];
  channel: { id: string; name: string };
  commands: readonly ConsoleCommand[];
  users: Record<string, string>;
  channels: Record<string, string>;
  messages: PageMessage[];
  /** The console user's open modals, root first. */
  stack: PageView[];
  home?: PageView;
  /** Workflow Builder steps the page can run, and the runs so far with their completions. */
  steps: readonly ConsoleStep[];
  executions: PageExecution[];
}

export type PageEvent =
  | { event: 'message'; data: { action: 'posted' | 'updated' | 'deleted'; message: PageMessage } }
  | { event: 'views'; data: { stack: PageView[]; home?: PageView } }
  | { event: 'executions'; data: PageExecution[] };

export interface PageJson {
  snapshot(): PageSnapshot;
  /** What to push to open pages for one change of the double, if anything. */
  change(change: DoubleChange): PageEvent | undefined;
}

export function pageJson(params: {
  state: DoubleState;
  /** The banner in the console person's language. */
  banner: (t: Translate) => string;
  commands: readonly ConsoleCommand[];
  sessions: () => QrSessionView[];
  orders?: () => LiveOrderView[];
  /** The person the page acts as; default the first console person. */
  acting?: () => string;
}): PageJson {
  const { state } = params;
  const acting = params.acting ?? (() => CONSOLE_USER);

  const { author, message } = pageMessages(state, params);

  const view = (v: DoubleView): PageView => ({
    id: v.id,
    type: v.type,
    open: v.open,
    view: v.view,
  });

  const views = (): { stack: PageView[]; home?: PageView } => {
    const stack = (state.stacks.get(acting()) ?? [])
      .map((id) => state.views.get(id))
      .filter((v): v is DoubleView => v?.open === true)
      .map(view);
    const homeId = state.homeViews.get(acting());
    const home = homeId ? state.views.get(homeId) : undefined;
    return { stack, home: home ? view(home) : undefined };
  };

  // What the person acting can see: their own ephemerals, never another's; and the IMs of the
  // console's people, each drawn as its own conversation (the IMs of anyone else stay private).
  const visible = (m: DoubleMessage) => {
    if (m.ephemeral && m.visibleTo !== acting()) return false;
    return !state.channel(m.channel).isIm || imOwner(m.channel) !== undefined;
  };

  return {
    snapshot() {
      const users: Record<string, string> = { [state.id.botUserId]: 'querydesk' };
      for (const u of state.users.values()) users[u.id] = u.realName;
      const channels: Record<string, string> = {};
      for (const c of state.channels.values()) channels[c.id] = c.isIm ? 'querydesk' : c.name;
      const { locale, t } = consoleLocale(state, acting());
      return {
        banner: params.banner(t),
        locale,
        words: pageWords(t),
        user: { id: acting(), name: author(acting()) },
        people: CONSOLE_PEOPLE.map((p) => ({
          id: p.id,
          name: author(p.id),
          im: imIdOf(p.id),
          locale: consoleLocale(state, p.id).locale,
        })),
        bot: { id: state.id.botUserId, name: 'querydesk' },
        shortcuts: CONSOLE_MESSAGE_SHORTCUTS,
        channel: { id: CONSOLE_CHANNEL, name: state.channel(CONSOLE_CHANNEL).name },
        commands: params.commands,
        users,
        channels,
        messages: state.messages().filter(visible).map(message),
        ...views(),
        steps: CONSOLE_STEPS,
        executions: pageExecutions(state),
      };
    },
    change(change) {
      if (change.kind === 'message') {
        if (!visible(change.message)) return undefined;
        return {
          event: 'message',
          data: { action: change.action, message: message(change.message) },
        };
      }
      // A step was completed (or refused a completion): the runs list shows it.
      if (change.kind === 'call' && change.call.method.startsWith('functions.')) {
        return { event: 'executions', data: pageExecutions(state) };
      }
      if (change.kind === 'view' && change.view.user === acting()) {
        return { event: 'views', data: views() };
      }
      return undefined;
    },
  };
}
