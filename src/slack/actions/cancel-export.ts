import { findExport, moveExport } from '../../exports/index.js';
import { notice } from '../blocks/message.js';
import { OUT_OF_DATE, readUuid } from '../blocks/values.js';
import { progressOf } from '../exports/export-messages.js';
import { type ActionDef, clickerOf, tell } from './action.js';

/** **Cancel**: on the preview nothing was called; on the progress message the runner stops. */
export const cancelExport = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const exportId = readUuid(args.action.value);
    const who = clickerOf(args.body);
    if (!exportId) return tell(args, deps, notice(OUT_OF_DATE));
    const key = { workspaceId: who.teamId, exportId };
    const now = deps.clock().getTime();
    if (
      await moveExport(deps.store.db, key, ['preview'], { state: 'dismissed', updated_at: now })
    ) {
      return tell(args, deps, notice('Export cancelled; nothing was called.'), true);
    }
    const stopped = await moveExport(deps.store.db, key, ['running', 'starting'], {
      state: 'cancelled',
      stopped_by: who.userId,
      updated_at: now,
    });
    const row = await findExport(deps.store.db, key);
    if (!stopped || !row?.message_ts)
      return tell(args, deps, notice('This export has already ended.'));
    await args.client.chat.update({
      channel: row.channel_id,
      ts: row.message_ts,
      ...progressOf(deps, row),
    });
  },
});
