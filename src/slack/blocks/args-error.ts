// Beside the error card that renders it, so Block Kit builders need nothing from args/.
import type { MessageKey } from '../../i18n/catalog/en.js';
import { type Translate, translator } from '../../i18n/translator.js';
import { escapeMrkdwn, mrkdwn, truncate } from './limits.js';
import type { SlackMessage } from './message.js';

/**
 * One problem with typed input, as a catalogue key ('help.refusal.*') and its values: what the
 * person typed, option names and numbers as strings (shown as typed), or a nested problem.
 */
export interface Problem {
  key: MessageKey;
  values?: Readonly<Record<string, string | Problem>>;
}

/** A problem in words, in one language (values raw; escape the result before it reaches Slack). */
export function problemText(p: Problem, t: Translate): string {
  const values: Record<string, string> = {};
  for (const [name, v] of Object.entries(p.values ?? {})) {
    values[name] = typeof v === 'string' ? v : problemText(v, t);
  }
  return t(p.key, values);
}

const ENGLISH = translator('en');

/**
 * Bad slash-command input. `problems` name what is wrong (in any language); `message` is the same
 * in English (logs, workflow steps); `usage` is the command's syntax, e.g. `/spend [today|7d|30d]`.
 */
export class ArgsError extends Error {
  readonly problems: readonly Problem[];
  readonly usage?: string;

  constructor(problems: Problem | readonly Problem[], usage?: string) {
    const list = Array.isArray(problems) ? problems : [problems as Problem];
    super(list.map((p) => problemText(p, ENGLISH)).join(ENGLISH('help.refusal.separator')));
    this.name = 'ArgsError';
    this.problems = list;
    this.usage = usage;
  }

  /** The same problem, now carrying the syntax of the command that was typed. */
  withUsage(usage: string): ArgsError {
    return new ArgsError(this.problems, usage);
  }

  /** The problems in one language, joined. */
  describe(t: Translate): string {
    return this.problems.map((p) => problemText(p, t)).join(t('help.refusal.separator'));
  }
}

/**
 * The refusal of bad command input, in the reader's language: what is wrong (what they typed
 * escaped, never a mention or link) and the usage line (the command's syntax as it is).
 */
export function refusalCard(err: ArgsError, t: Translate, usage?: string): SlackMessage {
  const title = t('help.refusal.title');
  const body = escapeMrkdwn(err.describe(t));
  const syntax = err.usage ?? usage;
  const footer = syntax
    ? `\`${escapeMrkdwn(t('help.usage.line', { usage: syntax }))}\``
    : undefined;
  const words = t('help.refusal.text', { problem: body });
  return {
    text: truncate([words, footer].filter(Boolean).join(' ').replace(/[*`]/g, ''), 3000),
    blocks: [
      { type: 'section', text: mrkdwn(`*${escapeMrkdwn(`:warning: ${title}`)}*\n${body}`, 3000) },
      ...(footer ? [{ type: 'context' as const, elements: [mrkdwn(footer, 3000)] }] : []),
    ],
  };
}
