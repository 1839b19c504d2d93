import { z } from 'zod';
import { findExport, moveExport } from '../../exports/index.js';
import { notice } from '../blocks/message.js';
import { OUT_OF_DATE, readUuid } from '../blocks/values.js';
import { type ActionDef, clickerOf, tell } from './action.js';

/** A checkbox group's ticked values (parsed at the edge: the action arrives typed as a button). */
const ticked = z.object({ selected_options: z.array(z.object({ value: z.string() })) });

/**
 * The preview's byte-order-mark box: stored on the export while it is still a preview, so the
 * file made later (by whichever replica runs it) follows what the person chose.
 */
export const exportBom = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const exportId = readUuid(args.action.block_id.split(':')[1]);
    const options = ticked.safeParse(args.action);
    const who = clickerOf(args.body);
    if (!exportId || !options.success) return tell(args, deps, notice(OUT_OF_DATE));
    const key = { workspaceId: who.teamId, exportId };
    const row = await findExport(deps.store.db, key);
    if (row?.user_id !== who.userId) return tell(args, deps, notice(OUT_OF_DATE));
    const bom = options.data.selected_options.some((o) => o.value === 'bom');
    await moveExport(deps.store.db, key, ['preview'], {
      csv_bom: bom ? 1 : 0,
      updated_at: deps.clock().getTime(),
    });
  },
});
