import { translator } from '../../i18n/translator.js';
import { channelSubscriptions } from '../../subscriptions/index.js';
import { subscriptionListMessage } from '../blocks/subscription-message.js';
import type { Subcommand } from '../commands/command.js';
import { deliverPrivately } from '../delivery/deliver.js';
import { finish } from '../delivery/finish.js';
import { personLocale } from '../settings/language.js';

/** `/shoporders subscriptions`: the channel's subscriptions and their cost so far, privately. */
export const subscriptionsSubcommand: Subcommand = {
  usage: 'subscriptions',
  async handle(args, deps) {
    await args.ack();
    const who = {
      teamId: args.command.team_id,
      userId: args.command.user_id,
      channelId: args.command.channel_id,
    };
    const rows = await channelSubscriptions(deps.store.db, who.teamId, who.channelId);
    // A private list: the person's language, whatever each subscription message speaks.
    const t = translator(await personLocale(deps, args.client, who.teamId, who.userId));
    const message = subscriptionListMessage(rows, t);
    await deliverPrivately({
      client: args.client,
      respond: args.respond,
      who,
      message: finish(deps, message, t),
      t,
      logger: deps.logger,
    });
  },
};
