import type { App } from '@slack/bolt';
import { homeView } from '../blocks/home-view.js';
import type { AppDeps } from '../deps.js';
import { loadHomeData } from '../spend/index.js';

/** The Home tab: workspace spend today and this week, the budget, the viewer's own queries and QR sessions. */
export function registerAppHome(app: App, deps: AppDeps): void {
  app.event('app_home_opened', async ({ event, body, client }) => {
    if (event.tab && event.tab !== 'home') return;
    const teamId = (body as { team_id?: string }).team_id ?? '';
    const timeZone = deps.config.spendSummary.timeZone;
    const data = await loadHomeData(
      deps.ledger,
      deps.store,
      teamId,
      deps.clock(),
      timeZone,
      event.user,
    );
    await client.views.publish({
      user_id: event.user,
      view: homeView({
        ...data,
        budget: await deps.dailyBudget(teamId),
        sandbox: deps.gateway.sandbox,
      }),
    });
  });
}
