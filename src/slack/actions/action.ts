import type {
  AllMiddlewareArgs,
  BlockAction,
  ButtonAction,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import { type Translate, translator } from '../../i18n/translator.js';
import { type Asker, notice, type SlackMessage } from '../blocks/message.js';
import type { SlackDeps } from '../context.js';
import { finish } from '../delivery/finish.js';
import { personLocale } from '../settings/language.js';

export type ActionArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

/** One button's handler (several action ids when one button comes in variants, like paging). */
export interface ActionDef {
  actionIds: readonly string[];
  /** Called after the ack. */
  handle(args: ActionArgs, deps: SlackDeps): Promise<void>;
}

/** Who clicked, where. */
export function clickerOf(body: BlockAction): Asker {
  return {
    teamId: body.team?.id ?? '',
    userId: body.user.id,
    channelId: body.channel?.id ?? body.user.id,
    origin: `button ${body.actions[0]?.action_id ?? ''}`.trim(),
  };
}

/** The clicker's language (asked of Slack the first time, after the ack). */
export async function clickerT(
  args: Pick<ActionArgs, 'body' | 'client'>,
  deps: SlackDeps,
): Promise<Translate> {
  const who = clickerOf(args.body);
  return translator(await personLocale(deps, args.client, who.teamId, who.userId));
}

/**
 * An ephemeral answer to the clicker; `replace` puts it in place of the card clicked; `t` is the
 * clicker's language (for the sandbox note), looked up when not given.
 */
export async function tell(
  args: Pick<ActionArgs, 'respond' | 'body' | 'client'>,
  deps: SlackDeps,
  message: SlackMessage,
  replace = false,
  t?: Translate,
): Promise<void> {
  const words = t ?? (await clickerT(args, deps).catch(() => translator('en')));
  await args.respond({
    ...finish(deps, message, words),
    response_type: 'ephemeral',
    replace_original: replace,
  });
}

/** "This button is out of date; run the command again.", in the clicker's language. */
export async function tellOutOfDate(
  args: Pick<ActionArgs, 'respond' | 'body' | 'client'>,
  deps: SlackDeps,
): Promise<void> {
  const t = await clickerT(args, deps).catch(() => translator('en'));
  await tell(args, deps, notice(t('lookup.outOfDate')), false, t);
}
