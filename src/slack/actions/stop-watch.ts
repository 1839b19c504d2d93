import { translator } from '../../i18n/translator.js';
import { stopWatch } from '../../watches/index.js';
import { notice } from '../blocks/message.js';
import { readUuid } from '../blocks/values.js';
import { finish } from '../delivery/finish.js';
import { personLocale } from '../settings/language.js';
import { watchCard, watchT } from '../watches/watch-view.js';
import { type ActionDef, clickerOf, tell, tellOutOfDate } from './action.js';

/** **Stop watching** on a watched order's card: the watch ends and the card says who ended it. */
export const stopOrderWatch = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const watchId = readUuid(args.action.value);
    const who = clickerOf(args.body);
    if (!watchId) return tellOutOfDate(args, deps);
    const now = deps.clock().getTime();
    const row = await stopWatch(
      deps.store.db,
      { workspaceId: who.teamId, watchId },
      who.userId,
      now,
    );
    if (!row) {
      const t = translator(await personLocale(deps, args.client, who.teamId, who.userId));
      return tell(args, deps, notice(t('watches.ended')));
    }
    const cardT = await watchT(deps, row);
    const card = watchCard(row, deps.config, cardT);
    if (card && row.message_ts) {
      await args.client.chat.update({
        channel: row.channel_id,
        ts: row.message_ts,
        ...finish(deps, card, cardT),
      });
    }
  },
});
