import type {
  AllMiddlewareArgs,
  BlockAction,
  ButtonAction,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import type { Translate } from '../../i18n/translator.js';
import type { Asker, SlackMessage } from '../blocks/message.js';
import type { SlackDeps } from '../context.js';
import { finish } from '../delivery/finish.js';

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

/**
 * An ephemeral answer to the clicker; `replace` puts it in place of the card clicked; `t` is the
 * clicker's language (for the sandbox note).
 */
export async function tell(
  { respond }: Pick<ActionArgs, 'respond'>,
  deps: SlackDeps,
  message: SlackMessage,
  replace = false,
  t?: Translate,
): Promise<void> {
  await respond({
    ...finish(deps, message, t),
    response_type: 'ephemeral',
    replace_original: replace,
  });
}
