import { z } from 'zod';
import { findExport, moveExport } from '../../exports/index.js';
import { readUuid } from '../blocks/values.js';
import { personLocale } from '../settings/language.js';
import { type ActionDef, clickerOf, tellOutOfDate } from './action.js';

/** A checkbox group's ticked values (parsed at the edge: the action arrives typed as a button). */
const ticked = z.object({ selected_options: z.array(z.object({ value: z.string() })) });

/**
 * The preview's file options (a byte-order mark; the header row in the starter's language instead
 * of the machine column names): stored on the export while it is still a preview, so the file
 * made later (by whichever replica runs it) follows what the person chose.
 */
export const exportBom = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const exportId = readUuid(args.action.block_id.split(':')[1]);
    const options = ticked.safeParse(args.action);
    const who = clickerOf(args.body);
    if (!exportId || !options.success) return tellOutOfDate(args, deps);
    const key = { workspaceId: who.teamId, exportId };
    const row = await findExport(deps.store.db, key);
    if (row?.user_id !== who.userId) return tellOutOfDate(args, deps);
    const chosen = new Set(options.data.selected_options.map((o) => o.value));
    const header = chosen.has('header')
      ? await personLocale(deps, args.client, who.teamId, who.userId)
      : null;
    await moveExport(deps.store.db, key, ['preview'], {
      csv_bom: chosen.has('bom') ? 1 : 0,
      csv_header: header,
      updated_at: deps.clock().getTime(),
    });
  },
});
