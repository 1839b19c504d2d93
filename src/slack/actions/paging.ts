import { errorCard } from '../blocks/error-card.js';
import { type Asker, notice, type SlackMessage } from '../blocks/message.js';
import { OUT_OF_DATE, type PageRef, readPageRef } from '../blocks/values.js';
import type { SlackDeps } from '../context.js';
import { type ActionDef, clickerOf, tell } from './action.js';

type Pager = (deps: SlackDeps, ref: PageRef, clicker: Asker) => Promise<SlackMessage | undefined>;

const EXPIRED =
  'This list is too old to page (queries are kept for 30 minutes). Run the command again for a fresh one.';

/** Previous/Next buttons (`<base>_prev`, `<base>_next`): the card is replaced with the other page. */
export const paging = (base: string, pager: Pager): ActionDef => ({
  actionIds: [`${base}_prev`, `${base}_next`],
  async handle(args, deps) {
    const ref = readPageRef(args.action.value);
    if (!ref) return tell(args, deps, notice(OUT_OF_DATE));
    let message: SlackMessage;
    try {
      const page = await pager(deps, ref, clickerOf(args.body));
      if (!page) return tell(args, deps, notice(EXPIRED));
      message = page;
    } catch (err) {
      deps.logger.warn({ err, actionId: args.action.action_id }, 'paging failed');
      message = errorCard(err);
    }
    await tell(args, deps, message, true);
  },
});
