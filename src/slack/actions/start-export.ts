import { findExport } from '../../exports/index.js';
import { translator } from '../../i18n/translator.js';
import { needsApprovalNow } from '../approvals/ask.js';
import { notice } from '../blocks/message.js';
import { readUuid } from '../blocks/values.js';
import { launchExport } from '../exports/launch-export.js';
import { personLocale } from '../settings/language.js';
import { type ActionDef, clickerOf, tell, tellOutOfDate } from './action.js';

/**
 * **Start export** on the private preview: the export starts (launchExport) for the person the
 * preview was shown to; they are told it started, or why its message could not be posted.
 */
export const startExport = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const exportId = readUuid(args.action.value);
    const who = clickerOf(args.body);
    if (!exportId) return tellOutOfDate(args, deps);
    const row = await findExport(deps.store.db, { workspaceId: who.teamId, exportId });
    if (row?.user_id !== who.userId) return tellOutOfDate(args, deps);
    const t = async () => translator(await personLocale(deps, args.client, who.teamId, who.userId));
    if (await needsApprovalNow(deps, who, { k: 'export', id: exportId })) {
      return tell(args, deps, notice((await t())('approvals.click.needed')), true);
    }
    const outcome = await launchExport(deps, args.client, row, ['preview'], async () =>
      tell(args, deps, notice((await t())('exports.started')), true),
    );
    if (outcome && outcome !== 'started') {
      await tell(args, deps, notice((await t())(outcome)), true);
    }
  },
});
