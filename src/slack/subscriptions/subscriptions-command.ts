import { channelSubscriptions } from '../../subscriptions/index.js';
import { subscriptionListMessage } from '../blocks/subscription-message.js';
import type { Subcommand } from '../commands/command.js';
import { deliverPrivately } from '../delivery/deliver.js';
import { finish } from '../delivery/finish.js';
import { subscriptionView } from './subscription-view.js';

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
    const message = subscriptionListMessage(rows, (r) => subscriptionView(r, deps.config));
    await deliverPrivately({
      client: args.client,
      respond: args.respond,
      who,
      message: finish(deps, message),
      logger: deps.logger,
    });
  },
};
