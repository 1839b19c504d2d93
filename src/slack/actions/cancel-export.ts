import { findExport, moveExport } from '../../exports/index.js';
import { translator } from '../../i18n/translator.js';
import { notice } from '../blocks/message.js';
import { readUuid } from '../blocks/values.js';
import { progressOf } from '../exports/export-messages.js';
import { personLocale, postedLocale } from '../settings/language.js';
import { type ActionDef, clickerOf, tell, tellOutOfDate } from './action.js';

/** **Cancel**: on the preview nothing was called; on the progress message the runner stops. */
export const cancelExport = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const exportId = readUuid(args.action.value);
    const who = clickerOf(args.body);
    if (!exportId) return tellOutOfDate(args, deps);
    const key = { workspaceId: who.teamId, exportId };
    const now = deps.clock().getTime();
    const t = async () => translator(await personLocale(deps, args.client, who.teamId, who.userId));
    if (
      await moveExport(deps.store.db, key, ['preview'], { state: 'dismissed', updated_at: now })
    ) {
      return tell(args, deps, notice((await t())('exports.dismissed')), true);
    }
    const stopped = await moveExport(deps.store.db, key, ['running', 'starting'], {
      state: 'cancelled',
      stopped_by: who.userId,
      updated_at: now,
    });
    const row = await findExport(deps.store.db, key);
    if (!stopped || !row?.message_ts)
      return tell(args, deps, notice((await t())('exports.alreadyEnded')));
    await args.client.chat.update({
      channel: row.channel_id,
      ts: row.message_ts,
      ...progressOf(deps, row, await postedLocale(deps, row)),
    });
  },
});
