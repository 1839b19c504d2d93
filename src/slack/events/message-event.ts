import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../context.js';
import { answerMention, type MentionPlace } from '../lookup/mention-flow.js';
import { readMentionText } from '../lookup/mention-request.js';
import { personLocale as askLocale, channelLocale } from '../settings/language.js';

/** A message a person wrote to the bot, as the event carries it. */
export interface PersonMessage {
  user: string;
  channel: string;
  ts: string;
  threadTs?: string;
  text: string;
  blocks?: unknown;
  channelType?: string;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * The message a person wrote, or undefined for what is never answered: anything a bot posted
 * (any `bot_id`, the bot's own included) and any `subtype` (edits, deletions, joins, …).
 */
export function personMessage(event: Record<string, unknown>): PersonMessage | undefined {
  if (event.bot_id !== undefined || event.subtype !== undefined) return undefined;
  const user = str(event.user);
  const channel = str(event.channel);
  const ts = str(event.ts);
  if (!user || !channel || !ts) return undefined;
  return {
    user,
    channel,
    ts,
    threadTs: str(event.thread_ts),
    text: typeof event.text === 'string' ? event.text : '',
    blocks: event.blocks,
    channelType: str(event.channel_type),
  };
}

/**
 * Answers a person's message to the bot: a mention in its thread in the workspace's language, a
 * direct message in its conversation in the person's. The event was acked before this runs (an
 * Events API delivery is acked at the edge), and a retry already handled stopped before it.
 */
export async function answerPersonMessage(
  args: (SlackEventMiddlewareArgs<'app_mention'> | SlackEventMiddlewareArgs<'message'>) &
    AllMiddlewareArgs,
  deps: SlackDeps,
  m: PersonMessage,
  how: 'mention' | 'direct message',
): Promise<void> {
  const teamId = str(args.body.team_id) ?? str(args.context.teamId);
  if (!teamId) return;
  const botUserId = str(args.context.botUserId) ?? str(args.body.authorizations?.[0]?.user_id);
  if (m.user === botUserId) return;
  const locale =
    how === 'mention'
      ? await channelLocale(deps, teamId)
      : await askLocale(deps, args.client, teamId, m.user);
  const place: MentionPlace = {
    teamId,
    userId: m.user,
    channelId: m.channel,
    ...(how === 'mention' ? { threadTs: m.threadTs ?? m.ts } : {}),
    origin: how,
    locale,
  };
  const request = readMentionText(m, botUserId, deps.config.gateway.timeZone);
  await answerMention(deps, args.client, place, request);
}
