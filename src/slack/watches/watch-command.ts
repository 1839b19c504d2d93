import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { type Translate, translator } from '../../i18n/translator.js';
import { insertWatch, liveWatches, newWatchRow } from '../../watches/index.js';
import { defineCommand } from '../args/index.js';
import { errorCard, UserFacingError } from '../blocks/error-card.js';
import type { Asker } from '../blocks/message.js';
import { watchListMessage } from '../blocks/order-watch-list.js';
import { perKey } from '../commands/arg-rules.js';
import type { Subcommand } from '../commands/command.js';
import { payorder } from '../commands/payorder.js';
import { parsedOrRefused } from '../commands/subcommand-args.js';
import type { SlackDeps } from '../context.js';
import { deliverPrivately } from '../delivery/deliver.js';
import { finish } from '../delivery/finish.js';
import { isUnreachableChannel, slackErrorCode } from '../delivery/slack-errors.js';
import { lookUpPayOrder, type PayOrderArgs } from '../lookup/pay-order-lookup.js';
import { channelLocale, personLocale } from '../settings/language.js';
import { watchCard } from './watch-view.js';

type Args = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

const askerOf = (a: Args): Asker => ({
  teamId: a.command.team_id,
  userId: a.command.user_id,
  channelId: a.command.channel_id,
  origin: `${a.command.command} watch`,
});

const watchParser = perKey((timeZone) =>
  defineCommand({
    name: '/payorder watch',
    usage: payorder.usage,
    positionals: payorder.positionals,
    options: payorder.options,
    schema: payorder.schema(timeZone),
  }),
);

/** `/payorder watch <order_number> <merchant_num> [type=…]`: the order's card in the channel, watched. */
export const watchSubcommand: Subcommand = {
  usage: `watch ${payorder.usage}`,
  async handle(args, deps, text) {
    const input: PayOrderArgs | undefined = await parsedOrRefused(
      args,
      deps,
      watchParser(deps.config.gateway.timeZone),
      text,
    );
    if (!input) return;
    await args.ack();
    // New work: made in turn with the thread's other makings (WorkTracker.make).
    await deps.work.make(() => startWatch(deps, args.client, askerOf(args), input, args.respond));
  },
};

async function startWatch(
  deps: SlackDeps,
  client: WebClient,
  who: Asker,
  input: PayOrderArgs,
  respond: Args['respond'],
): Promise<void> {
  const tell = (message: Parameters<typeof finish>[1], t: Translate) =>
    deliverPrivately({
      client,
      respond,
      who,
      message: finish(deps, message, t),
      t,
      logger: deps.logger,
    });
  try {
    // The person's own look-up: answered at once, and it says which number kind matched.
    const { order, kind } = await lookUpPayOrder(deps, input, who);
    const now = deps.clock().getTime();
    // The card and its thread are the channel's: the workspace's language, kept in the row.
    const locale = await channelLocale(deps, who.teamId);
    const row = {
      ...newWatchRow(
        deps.config,
        { ...who, orderNumber: input.orderNumber, merchantNum: input.merchantNum, kind },
        order,
        now,
      ),
      locale,
    };
    const cardT = translator(locale);
    const card = watchCard(row, deps.config, cardT);
    if (!card) return;
    let ts: string | undefined;
    try {
      const posted = await client.chat.postMessage({
        channel: who.channelId,
        ...finish(deps, card, cardT),
      });
      ts = posted.ts;
    } catch (err) {
      if (!isUnreachableChannel(slackErrorCode(err))) throw err;
      const mine = translator(await personLocale(deps, client, who.teamId, who.userId));
      throw new UserFacingError(
        mine('watches.error.cannotPostTitle'),
        mine('watches.error.cannotPostDetail'),
      );
    }
    await insertWatch(deps.store.db, { ...row, message_ts: ts ?? null });
    deps.orderWatcher?.kick();
  } catch (err) {
    deps.logger.warn({ err, command: '/payorder watch' }, 'command failed');
    const refuse = async () => {
      const mine = translator(await personLocale(deps, client, who.teamId, who.userId));
      const usage = mine('watches.usage', { usage: `/payorder ${watchSubcommand.usage}` });
      await tell(errorCard(err, mine, usage), mine);
    };
    await refuse().catch((e) => deps.logger.error({ err: e }, 'could not deliver the answer'));
  }
}

/** `/payorder watches`: the channel's live watches with their last state, privately. */
export const watchesSubcommand: Subcommand = {
  usage: 'watches',
  async handle(args, deps) {
    await args.ack();
    const who = askerOf(args);
    const rows = await liveWatches(deps.store.db, who.teamId, { channelId: who.channelId });
    const t = translator(await personLocale(deps, args.client, who.teamId, who.userId));
    const message = watchListMessage(rows, deps.config.gateway.timeZone, t);
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
