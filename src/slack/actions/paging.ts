import { errorCard } from '../blocks/error-card.js';
import { type Asker, notice, type SlackMessage } from '../blocks/message.js';
import { type PageRef, readPageRef } from '../blocks/values.js';
import type { SlackDeps } from '../context.js';
import { readerT } from '../lookup/reader.js';
import { personLocale } from '../settings/language.js';
import { type ActionDef, clickerOf, tell } from './action.js';

type Pager = (deps: SlackDeps, ref: PageRef, clicker: Asker) => Promise<SlackMessage | undefined>;

/**
 * Previous/Next buttons (`<base>_prev`, `<base>_next`): the card is replaced with the other page,
 * in the language of the person paging.
 */
export const paging = (base: string, pager: Pager): ActionDef => ({
  actionIds: [`${base}_prev`, `${base}_next`],
  async handle(args, deps) {
    const clicker = clickerOf(args.body);
    clicker.locale = await personLocale(deps, args.client, clicker.teamId, clicker.userId);
    const t = readerT(clicker);
    const ref = readPageRef(args.action.value);
    if (!ref) return tell(args, deps, notice(t('lookup.outOfDate')), false, t);
    let message: SlackMessage;
    try {
      const page = await pager(deps, ref, clicker);
      if (!page) return tell(args, deps, notice(t('lookup.pageExpired')), false, t);
      message = page;
    } catch (err) {
      deps.logger.warn({ err, actionId: args.action.action_id }, 'paging failed');
      message = errorCard(err, t);
    }
    await tell(args, deps, message, true, t);
  },
});
