import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { translator } from '../../i18n/translator.js';
import { type ArgsError, refusalCard } from '../blocks/args-error.js';
import type { SlackDeps } from '../context.js';
import { finish } from '../delivery/finish.js';
import { personLocale } from '../settings/language.js';

/**
 * Bad command input, refused after an empty ack (decided at ack time with no I/O; the gateway is
 * never called): the problem and the usage line, through the response_url, in the asker's
 * language. The language lookup (users.info the first time) is never on the path to the ack.
 */
export async function sendRefusal(
  deps: SlackDeps,
  a: { client: WebClient; respond: RespondFn; teamId: string; userId: string },
  err: ArgsError,
  syntax: string,
): Promise<void> {
  const locale = await personLocale(deps, a.client, a.teamId, a.userId).catch(() => 'en' as const);
  try {
    const t = translator(locale);
    const message = finish(deps, refusalCard(err, t, syntax), t);
    await a.respond({ response_type: 'ephemeral', ...message });
  } catch (err) {
    deps.logger.warn({ err, team: a.teamId }, 'could not send the refusal');
  }
}
