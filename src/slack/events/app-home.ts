import { translator } from '../../i18n/translator.js';
import { liveWatches } from '../../watches/index.js';
import { homeView } from '../blocks/home-view.js';
import { watchLines } from '../blocks/order-watch-list.js';
import { readEventTeam } from '../blocks/values.js';
import { personLocale } from '../settings/language.js';
import { loadHomeData } from '../spend/index.js';
import type { EventDef } from './event.js';

/** The Home tab: workspace spend today and this week, the budget, the viewer's own queries, QR sessions and order watches. */
export const appHomeOpened: EventDef<'app_home_opened'> = {
  event: 'app_home_opened',
  async handle({ event, body, client }, deps) {
    if (event.tab && event.tab !== 'home') return;
    const teamId = readEventTeam(body);
    if (!teamId) return;
    const timeZone = deps.config.spendSummary.timeZone;
    const data = await loadHomeData(
      deps.ledger,
      deps.store,
      teamId,
      deps.clock(),
      timeZone,
      event.user,
    );
    const watches = await liveWatches(deps.store.db, teamId, { userId: event.user });
    // The Home tab is the viewer's own: in their language (an event has no ack to wait for).
    const t = translator(await personLocale(deps, client, teamId, event.user));
    await client.views.publish({
      user_id: event.user,
      view: homeView(
        {
          ...data,
          watches: watchLines(watches, deps.config.gateway.timeZone, t),
          budget: await deps.dailyBudget(teamId),
          sandbox: deps.gateway.sandbox,
        },
        t,
      ),
    });
  },
};
